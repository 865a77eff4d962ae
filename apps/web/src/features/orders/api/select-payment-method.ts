import { SelectMethodAnswer, type SelectMethodRequest } from '@exchange/shared/orders.schemas'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'

/** `orderSelectMethod`: keeps the chosen card provider, bank or other option on the order. */
function selectPaymentMethod(request: z.infer<typeof SelectMethodRequest>) {
  return postUser('orderSelectMethod', request, SelectMethodAnswer)
}

export function useSelectPaymentMethod() {
  return useMutation({ mutationFn: selectPaymentMethod })
}
