import { StartCardAnswer, type StartCardRequest } from '@exchange/shared/payments.schemas'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'

/** `orderStartCard`: the order awaits payment and the answer names the PSP's hosted checkout to send the browser to. */
function startCardPayment(request: z.infer<typeof StartCardRequest>) {
  return postUser('orderStartCard', request, StartCardAnswer)
}

export function useStartCardPayment() {
  return useMutation({ mutationFn: startCardPayment })
}
