import { ExchangeUpdateOrderAnswer } from '@exchange/shared/orders.schemas'
import type { LateDecisionRequest } from '@exchange/shared/payments.schemas'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'
import { historyQueryKey } from './get-history'
import { orderDetailQueryKey } from './get-order-detail'
import { latePaymentQuoteQueryKey } from './quote-late-payment'

/**
 * `orderDecideLatePayment`: for money that arrived after the price expired, buy at today's price (the price per coin
 * the customer was shown, `quotedRate`) or take it back.
 */
function decideLatePayment(request: z.input<typeof LateDecisionRequest>) {
  return postUser('orderDecideLatePayment', request, ExchangeUpdateOrderAnswer)
}

export function useDecideLatePayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: decideLatePayment,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: orderDetailQueryKey() })
      await queryClient.invalidateQueries({ queryKey: historyQueryKey() })
      await queryClient.invalidateQueries({ queryKey: latePaymentQuoteQueryKey() })
    },
  })
}
