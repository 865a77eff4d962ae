import {
  IdentityStatusAnswer,
  type IdentityCheckStatus,
  type IdentityStatusRequest,
} from '@exchange/shared/identity.schemas'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'

export const IDENTITY_STATUS_QUERY_KEY = 'identityStatus'

/**
 * The provider has not decided yet: the link was issued (its first notice may still be on its way after the browser
 * came back) or the documents are being checked automatically. Manual review is decided too, for the screens: it
 * can take a day, so nobody waits on a spinner for it.
 */
export function isIdentityUndecided(status: IdentityCheckStatus): boolean {
  return status === 'started' || status === 'pending'
}

/** `identityStatus`: the check as the provider's signed notices left it; the browser's return proves nothing. */
export function getIdentityStatus(request: z.infer<typeof IdentityStatusRequest>) {
  return postUser('identityStatus', request, IdentityStatusAnswer)
}

export interface IdentityStatusPolling {
  /** How often to ask again while the check is undecided. */
  intervalMs: number
  /** When to stop asking and say the result comes later. */
  giveUpMs: number
}

/**
 * The customer's identity check. With `polling`, asked again every `intervalMs` while undecided, for at most
 * `giveUpMs`; `gaveUp` then says the screen stopped waiting.
 */
export function useIdentityStatus(brandName: string, polling?: IdentityStatusPolling) {
  const [gaveUp, setGaveUp] = useState(false)
  const giveUpMs = polling?.giveUpMs
  useEffect(() => {
    if (giveUpMs === undefined) return
    const timer = window.setTimeout(() => setGaveUp(true), giveUpMs)
    return () => window.clearTimeout(timer)
  }, [giveUpMs])

  const query = useQuery({
    queryKey: [IDENTITY_STATUS_QUERY_KEY, brandName],
    queryFn: () => getIdentityStatus({ brandName }),
    refetchInterval: (current) => {
      if (!polling || gaveUp) return false
      const answer = current.state.data
      return answer && answer.result && isIdentityUndecided(answer.data.status) ? polling.intervalMs : false
    },
  })
  return { ...query, gaveUp }
}
