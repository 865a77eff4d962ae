import { OrderDetailAnswer, type OrderRequest } from '@exchange/shared/orders.schemas'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

const ORDER_DETAIL_QUERY_KEY = 'orderDetail'

/** `getOrderDetail`: one order with its timeline of status changes. */
function getOrderDetail(request: OrderRequest) {
  return postUser('getOrderDetail', request, OrderDetailAnswer)
}

/** How often a page that waits for a transfer asks whether the money has arrived. */
export const PAYMENT_WATCH_MS = 10_000

/** Every order's detail, or one order's when it is named: what a change to orders invalidates. */
export function orderDetailQueryKey(orderReference?: string) {
  return orderReference === undefined ? [ORDER_DETAIL_QUERY_KEY] : [ORDER_DETAIL_QUERY_KEY, orderReference]
}

export function orderDetailQueryOptions(brandName: string, orderReference: string | null) {
  return queryOptions({
    queryKey: [ORDER_DETAIL_QUERY_KEY, orderReference, brandName],
    queryFn: () => getOrderDetail({ orderReference: orderReference ?? '', brandName }),
    enabled: orderReference !== null,
  })
}

/**
 * With `watchPayment`, an order waiting for its money is asked for again every `PAYMENT_WATCH_MS`, so the page shows
 * the payment once the bank's notice has landed without the customer reloading it.
 */
export function useOrderDetail(brandName: string, orderReference: string | null, { watchPayment = false } = {}) {
  return useQuery({
    ...orderDetailQueryOptions(brandName, orderReference),
    refetchInterval: (query) => {
      const answer = query.state.data
      const waiting = answer && answer.result && answer.data.order.statusName === 'awaiting_payment'
      return watchPayment && waiting ? PAYMENT_WATCH_MS : false
    },
  })
}
