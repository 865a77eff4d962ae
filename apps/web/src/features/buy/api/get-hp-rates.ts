import { GetHpRatesAnswer } from '@exchange/shared/rates.schemas'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { postPublic } from '../../../lib/api-client'

/** Prices move: the calculator asks again this often. */
const RATES_REFRESH_MS = 5_000

/** `getHpRates`: every coin's customer price in every fiat, with how it is made up, its age and the limits; 'fail rates!' when it fails (spec section 8). */
function getHpRates(brandName: string): Promise<GetHpRatesAnswer> {
  return postPublic('getHpRates', { brandName }, GetHpRatesAnswer, { failLog: 'fail rates!' })
}

export function ratesQueryOptions(brandName: string) {
  return queryOptions({ queryKey: ['rates', brandName], queryFn: () => getHpRates(brandName) })
}

export function useHpRates(brandName: string) {
  // Prices asked for within the refresh time (as the dashboard loads, decision 060) are not asked for again on mount.
  return useQuery({ ...ratesQueryOptions(brandName), refetchInterval: RATES_REFRESH_MS, staleTime: RATES_REFRESH_MS })
}
