import { ExchangeUpdateOrderAnswer, type ExchangeUpdateOrderRequest } from '@exchange/shared/orders.schemas'
import { endsActiveOrder, type OrderStatus } from '@exchange/shared/order-rules'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { endActiveOrder } from '../../../lib/active-order'
import type { ActiveOrder } from '../../../lib/session-state'
import { postUser } from '../../../lib/api-client'
import { grossQueryKey } from '../../../lib/customer-context'
import { historyQueryKey } from './get-history'
import { orderDetailQueryKey } from './get-order-detail'

/** `exchangeUpdateOrder`: the customer starts, cancels or reports a failed payment on their order. */
function updateOrderStatus(request: ExchangeUpdateOrderRequest) {
  return postUser('exchangeUpdateOrder', request, ExchangeUpdateOrderAnswer)
}

/**
 * The status change with spec section 4's rule: an order that failed or was cancelled stops being the
 * active one, is kept as the last active order, and the customer's details are loaded again.
 */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      order,
      statusName,
      brandName,
    }: {
      order: ActiveOrder
      statusName: OrderStatus
      brandName: string
    }) => updateOrderStatus({ orderReference: order.orderReference, statusName, brandName }),
    onSuccess: async (answer, { order }) => {
      if (!answer || !answer.result) return
      if (endsActiveOrder(answer.statusName)) endActiveOrder(order, answer.statusName)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: grossQueryKey() }),
        queryClient.invalidateQueries({ queryKey: historyQueryKey() }),
        queryClient.invalidateQueries({ queryKey: orderDetailQueryKey(order.orderReference) }),
      ])
    },
  })
}
