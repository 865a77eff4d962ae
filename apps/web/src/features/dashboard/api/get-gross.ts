import { GetGrossAnswer } from '@exchange/shared/accounts.schemas'
import { useQuery } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'
import { GROSS_QUERY_KEY } from '../../../lib/customer-context'

/** `getGross`: the signed-in customer's details; `false` when there is no session token. */
export function getGross(brandName: string) {
  return postUser('getGross', { brandName }, GetGrossAnswer, { failLog: 'fail db gross!' })
}

export function useGross(brandName: string) {
  return useQuery({ queryKey: [GROSS_QUERY_KEY, brandName], queryFn: () => getGross(brandName), retry: false })
}
