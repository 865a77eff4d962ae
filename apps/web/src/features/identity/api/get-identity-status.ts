import { IdentityStatusAnswer, type IdentityCheckStatus } from '@exchange/shared/identity.schemas'
import { queryOptions } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'
import { type StatusPolling, useStatusPolling } from '../../../lib/use-status-polling'

/**
 * The provider has not decided yet: the link was issued (its first notice may still be on its way after the browser
 * came back) or the documents are being checked automatically. Manual review is decided too, for the screens: it
 * can take a day, so nobody waits on a spinner for it.
 */
export function isIdentityUndecided(status: IdentityCheckStatus): boolean {
  return status === 'started' || status === 'pending'
}

/** `identityStatus`: the check as the provider's signed notices left it; the browser's return proves nothing. */
function identityStatusQueryOptions(brandName: string) {
  return queryOptions({
    queryKey: ['identityStatus', brandName],
    queryFn: () => postUser('identityStatus', { brandName }, IdentityStatusAnswer),
  })
}

export type IdentityStatusPolling = StatusPolling

/** The customer's identity check; with `polling`, asked again while undecided, for a while (`gaveUp` after). */
export function useIdentityStatus(brandName: string, polling?: IdentityStatusPolling) {
  return useStatusPolling(identityStatusQueryOptions(brandName), {
    stillOpen: (answer) => answer !== false && answer.result && isIdentityUndecided(answer.data.status),
    polling,
  })
}
