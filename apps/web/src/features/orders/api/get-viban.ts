import type { UserRequest } from '@exchange/shared/accounts.schemas'
import { GetVibanAnswer } from '@exchange/shared/payments.schemas'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

/** `orderGetViban`: the customer's own virtual IBAN, issued on first use; `details_required` without a full name. */
function getViban(request: UserRequest) {
  return postUser('orderGetViban', request, GetVibanAnswer)
}

function vibanQueryOptions(brandName: string) {
  return queryOptions({ queryKey: ['viban', brandName], queryFn: () => getViban({ brandName }) })
}

export function useViban(brandName: string) {
  return useQuery({ ...vibanQueryOptions(brandName) })
}
