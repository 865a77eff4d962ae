import { GetGrossAnswer } from '@exchange/shared/accounts.schemas'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'
import { GROSS_QUERY_KEY } from '../../../lib/customer-context'

/** `getGross`: the signed-in customer's details; `false` when there is no session token. */
function getGross(brandName: string) {
  return postUser('getGross', { brandName }, GetGrossAnswer, { failLog: 'fail db gross!' })
}

/** The customer's details for the brand; a failed call is not retried by itself, the layout offers "Try again". */
function grossQueryOptions(brandName: string) {
  return queryOptions({ queryKey: [GROSS_QUERY_KEY, brandName], queryFn: () => getGross(brandName), retry: false })
}

export function useGross(brandName: string) {
  return useQuery(grossQueryOptions(brandName))
}
