import {
  type ChangeWalletRequest,
  ExchangeUpdateOrderAnswer,
  type RequestRefundRequest,
} from '@exchange/shared/orders.schemas'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'
import { HISTORY_QUERY_KEY } from './get-history'
import { ORDER_DETAIL_QUERY_KEY } from './get-order-detail'

/** `orderChangeWallet`: a paid order whose delivery waits goes to another wallet the customer proved (decision 085). */
export function changeOrderWallet(request: ChangeWalletRequest) {
  return postUser('orderChangeWallet', request, ExchangeUpdateOrderAnswer)
}

/** `orderRequestRefund`: a paid order whose delivery waits is refunded to where the money came from (decision 085). */
export function requestRefund(request: RequestRefundRequest) {
  return postUser('orderRequestRefund', request, ExchangeUpdateOrderAnswer)
}

function useOrderMutation<Request>(call: (request: Request) => ReturnType<typeof requestRefund>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [HISTORY_QUERY_KEY] })
      void queryClient.invalidateQueries({ queryKey: [ORDER_DETAIL_QUERY_KEY] })
    },
  })
}

export const useChangeOrderWallet = () => useOrderMutation(changeOrderWallet)
export const useRequestRefund = () => useOrderMutation(requestRefund)
