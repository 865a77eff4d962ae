import { CompleteVibanAnswer, type CompleteVibanRequest } from '@exchange/shared/payments.schemas'
import { useMutation } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

/** `orderCompleteViban`: the customer says the transfer to their virtual IBAN is sent; the bank's notice decides. */
function completeViban(request: CompleteVibanRequest) {
  return postUser('orderCompleteViban', request, CompleteVibanAnswer)
}

export function useCompleteViban() {
  return useMutation({ mutationFn: completeViban })
}
