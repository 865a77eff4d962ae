import { OrderInitiateBuyAnswer, type OrderInitiateBuyRequest } from '@exchange/shared/orders.schemas'
import { useMutation } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

/** `orderInitiateBuy`: fixes the price and creates the order; `false` without a session token. */
export function initiateBuyOrder(request: OrderInitiateBuyRequest) {
  return postUser('orderInitiateBuy', request, OrderInitiateBuyAnswer)
}

export function useInitiateBuyOrder() {
  return useMutation({ mutationFn: initiateBuyOrder })
}
