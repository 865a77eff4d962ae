import { ExchangeUpdateOrderAnswer, type SetWalletRequest } from '@exchange/shared/orders.schemas'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'
import { historyQueryKey } from './get-history'
import { orderDetailQueryKey } from './get-order-detail'

/** `orderSetWallet`: the wallet of a paid order started without one; the api checks it and delivers when it may. */
function setOrderWallet(request: SetWalletRequest) {
  return postUser('orderSetWallet', request, ExchangeUpdateOrderAnswer)
}

export function useSetOrderWallet() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setOrderWallet,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: historyQueryKey() })
      void queryClient.invalidateQueries({ queryKey: orderDetailQueryKey() })
    },
  })
}
