import { ListWalletsAnswer, type ListWalletsRequest } from '@exchange/shared/wallet-proofs.schemas'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'

/** Query key of `walletList`, for every brand: a proven wallet changes the lists. */
export const WALLETS_QUERY_KEY = 'wallets'

/** `walletList`: the wallets this customer has proven to be theirs. */
function listWallets(request: z.infer<typeof ListWalletsRequest>) {
  return postUser('walletList', request, ListWalletsAnswer)
}

/**
 * Proven wallets change only when the customer proves one, which invalidates them: a screen mounting within this time
 * does not ask again for the list just loaded.
 */
const WALLETS_FRESH_MS = 60_000

export function walletsQueryOptions(brandName: string) {
  return queryOptions({
    queryKey: [WALLETS_QUERY_KEY, brandName],
    queryFn: () => listWallets({ brandName }),
    staleTime: WALLETS_FRESH_MS,
  })
}

export function useWallets(brandName: string) {
  return useQuery(walletsQueryOptions(brandName))
}
