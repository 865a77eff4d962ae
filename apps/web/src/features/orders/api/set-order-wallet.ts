import { ExchangeUpdateOrderAnswer, type SetWalletRequest } from '@exchange/shared/orders.schemas'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'
import { HISTORY_QUERY_KEY } from './get-history'
import { ORDER_DETAIL_QUERY_KEY } from './get-order-detail'

/** `orderSetWallet`: the wallet of a paid order started without one; the api checks it and delivers when it may. */
export function setOrderWallet(request: SetWalletRequest) {
  return postUser('orderSetWallet', request, ExchangeUpdateOrderAnswer)
}

export function useSetOrderWallet() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setOrderWallet,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [HISTORY_QUERY_KEY] })
      void queryClient.invalidateQueries({ queryKey: [ORDER_DETAIL_QUERY_KEY] })
    },
  })
}
