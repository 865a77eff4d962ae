import { OrderDetailAnswer, type OrderRequest } from '@exchange/shared/orders.schemas'
import { useQuery } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

export const ORDER_DETAIL_QUERY_KEY = 'orderDetail'

/** `getOrderDetail`: one order with its timeline of status changes. */
export function getOrderDetail(request: OrderRequest) {
  return postUser('getOrderDetail', request, OrderDetailAnswer)
}

export function useOrderDetail(brandName: string, orderReference: string | null) {
  return useQuery({
    queryKey: [ORDER_DETAIL_QUERY_KEY, orderReference, brandName],
    queryFn: () => getOrderDetail({ orderReference: orderReference ?? '', brandName }),
    enabled: orderReference !== null,
  })
}
