import { GetClientDetailsAnswer } from '@exchange/shared/clients.schemas'
import { useQuery } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

export const CLIENT_DETAILS_QUERY_KEY = 'clientDetails'

/** `getClientDetails`: the customer's name, address, country and phone as stored (any may be empty). */
export function getClientDetails(brandName: string) {
  return postUser('getClientDetails', { brandName }, GetClientDetailsAnswer)
}

export function useClientDetails(brandName: string) {
  return useQuery({ queryKey: [CLIENT_DETAILS_QUERY_KEY, brandName], queryFn: () => getClientDetails(brandName) })
}
