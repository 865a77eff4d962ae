import {
  type ChangeWalletRequest,
  ExchangeUpdateOrderAnswer,
  type RequestRefundRequest,
} from '@exchange/shared/orders.schemas'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'
import { historyQueryKey } from './get-history'
import { orderDetailQueryKey } from './get-order-detail'

/** `orderChangeWallet`: a paid order whose delivery waits goes to another wallet the customer proved (decision 085). */
function changeOrderWallet(request: ChangeWalletRequest) {
  return postUser('orderChangeWallet', request, ExchangeUpdateOrderAnswer)
}

/** `orderRequestRefund`: a paid order whose delivery waits is refunded to where the money came from (decision 085). */
function requestRefund(request: RequestRefundRequest) {
  return postUser('orderRequestRefund', request, ExchangeUpdateOrderAnswer)
}

function useOrderMutation<Request>(call: (request: Request) => ReturnType<typeof requestRefund>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: historyQueryKey() })
      void queryClient.invalidateQueries({ queryKey: orderDetailQueryKey() })
    },
  })
}

export const useChangeOrderWallet = () => useOrderMutation(changeOrderWallet)
export const useRequestRefund = () => useOrderMutation(requestRefund)
