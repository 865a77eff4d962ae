import type { MpSessionAnswer } from '@exchange/shared/partner.schemas'
import { createContext, useContext } from 'react'

/** What `mpSession` answered for this visit: the partner, what it set in the order, whether that is locked. */
export type PartnerSession = Extract<MpSessionAnswer, { result: true }>['data']

export const PartnerSessionContext = createContext<PartnerSession | null>(null)

/** The visit's partner context; the partner layout provides it to every screen of the visit. */
export function usePartnerSession(): PartnerSession {
  const session = useContext(PartnerSessionContext)
  if (!session) throw new Error('usePartnerSession needs the partner layout above it')
  return session
}
