import {
  IdentityStatusAnswer,
  type IdentityCheckStatus,
  type IdentityStatusRequest,
} from '@exchange/shared/identity.schemas'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'
import { type StatusPolling, useStatusPolling } from '../../../lib/use-status-polling'

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

export type IdentityStatusPolling = StatusPolling

/** The customer's identity check; with `polling`, asked again while undecided, for a while (`gaveUp` after). */
export function useIdentityStatus(brandName: string, polling?: IdentityStatusPolling) {
  return useStatusPolling({
    queryKey: [IDENTITY_STATUS_QUERY_KEY, brandName],
    queryFn: () => getIdentityStatus({ brandName }),
    stillOpen: (answer) => answer !== false && answer.result && isIdentityUndecided(answer.data.status),
    polling,
  })
}
