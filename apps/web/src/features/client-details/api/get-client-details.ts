import { GetClientDetailsAnswer } from '@exchange/shared/clients.schemas'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

/** `getClientDetails`: the customer's name, address, country and phone as stored (any may be empty). */
export function clientDetailsQueryOptions(brandName: string) {
  return queryOptions({
    queryKey: ['clientDetails', brandName],
    queryFn: () => postUser('getClientDetails', { brandName }, GetClientDetailsAnswer),
  })
}

export function useClientDetails(brandName: string) {
  return useQuery(clientDetailsQueryOptions(brandName))
}
