import { OrderInitiateBuyAnswer, type OrderInitiateBuyRequest } from '@exchange/shared/orders.schemas'
import { useMutation } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

/**
 * `orderInitiateBuy`: fixes the price and creates the order; `false` without a session token. Pressed again after no
 * answer, the same order sends the same Idempotency-Key: the api answers the order it made, not a second one.
 */
function initiateBuyOrder(request: OrderInitiateBuyRequest) {
  return postUser('orderInitiateBuy', request, OrderInitiateBuyAnswer, { action: 'buy' })
}

export function useInitiateBuyOrder() {
  return useMutation({ mutationFn: initiateBuyOrder })
}
