import { OrderInitiateBuyAnswer, type OrderInitiateBuyRequest } from '@exchange/shared/orders.schemas'
import { useMutation } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

/**
 * `orderInitiateBuy` for an order whose price ran out: a new order for the same amount, coin and wallet, at the price
 * of now. The old order is left to expire; it was never paid. A retry sends the same Idempotency-Key (decision 092).
 */
function requoteOrder(request: OrderInitiateBuyRequest) {
  return postUser('orderInitiateBuy', request, OrderInitiateBuyAnswer, { action: 'requote' })
}

export function useRequoteOrder() {
  return useMutation({ mutationFn: requoteOrder })
}
