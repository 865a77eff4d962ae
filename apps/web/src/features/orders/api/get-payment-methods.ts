import { OrderBuyGetMethodsAnswer, type OrderRequest } from '@exchange/shared/orders.schemas'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

/** `orderBuyGetMethods`: the card, bank and other options this order may be paid with. */
function getPaymentMethods(request: OrderRequest) {
  return postUser('orderBuyGetMethods', request, OrderBuyGetMethodsAnswer)
}

function paymentMethodsQueryOptions(brandName: string, orderReference: string | null) {
  return queryOptions({
    queryKey: ['paymentMethods', orderReference, brandName],
    queryFn: () => getPaymentMethods({ orderReference: orderReference ?? '', brandName }),
    enabled: orderReference !== null,
  })
}

export function usePaymentMethods(brandName: string, orderReference: string | null) {
  return useQuery({ ...paymentMethodsQueryOptions(brandName, orderReference) })
}
