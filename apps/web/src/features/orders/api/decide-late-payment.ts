import { ExchangeUpdateOrderAnswer } from '@exchange/shared/orders.schemas'
import type { LateDecisionRequest } from '@exchange/shared/payments.schemas'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'
import { HISTORY_QUERY_KEY } from './get-history'
import { ORDER_DETAIL_QUERY_KEY } from './get-order-detail'
import { LATE_QUOTE_QUERY_KEY } from './quote-late-payment'

/**
 * `orderDecideLatePayment`: for money that arrived after the price expired, buy at today's price (the price per coin
 * the customer was shown, `quotedRate`) or take it back.
 */
export function decideLatePayment(request: z.input<typeof LateDecisionRequest>) {
  return postUser('orderDecideLatePayment', request, ExchangeUpdateOrderAnswer)
}

export function useDecideLatePayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: decideLatePayment,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: [ORDER_DETAIL_QUERY_KEY] })
      await queryClient.invalidateQueries({ queryKey: [HISTORY_QUERY_KEY] })
      await queryClient.invalidateQueries({ queryKey: [LATE_QUOTE_QUERY_KEY] })
    },
  })
}
