import type { OperatorMe } from '@exchange/shared/back-office.schemas'
import { createContext, useContext } from 'react'

export const MeContext = createContext<OperatorMe | null>(null)

/** The signed-in operator; the layout provides it once `GET /operator/api/me` answered. */
export function useMe(): OperatorMe {
  const me = useContext(MeContext)
  if (!me) throw new Error('useMe outside the back office layout')
  return me
}

/** Whether the operator holds one of these roles. */
export const holds = (me: OperatorMe, ...roles: OperatorMe['roles']) => me.roles.some((role) => roles.includes(role))
