import { PayoutHoldsAnswer } from '@exchange/shared/payout-hold'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

/** Query key of `payoutHolds`: a security change or a completed payout changes it. */
const PAYOUT_HOLDS_QUERY_KEY = 'payoutHolds'

/** `payoutHolds`: the security changes of the last 24 hours that hold new wallets, and the wallets paid out to. */
function getPayoutHolds(brandName: string) {
  return postUser('payoutHolds', { brandName }, PayoutHoldsAnswer)
}

/** Asked again each time the calculator opens: a change made a moment ago on /dashAccount must show. */
const PAYOUT_HOLDS_FRESH_MS = 5_000

function payoutHoldsQueryOptions(brandName: string) {
  return queryOptions({
    queryKey: [PAYOUT_HOLDS_QUERY_KEY, brandName],
    queryFn: () => getPayoutHolds(brandName),
    staleTime: PAYOUT_HOLDS_FRESH_MS,
  })
}

export function usePayoutHolds(brandName: string) {
  return useQuery(payoutHoldsQueryOptions(brandName))
}
