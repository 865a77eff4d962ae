import { SubmitWireAnswer, type SubmitWireRequest } from '@exchange/shared/payments.schemas'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'

/** `orderSubmitWire`: the order awaits a bank transfer; the answer is our account, the amount and the reference to use. */
function submitWire(request: z.infer<typeof SubmitWireRequest>) {
  return postUser('orderSubmitWire', request, SubmitWireAnswer)
}

export function useSubmitWire() {
  return useMutation({ mutationFn: submitWire })
}
