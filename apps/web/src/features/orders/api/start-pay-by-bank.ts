import { StartPayByBankAnswer, type StartPayByBankRequest } from '@exchange/shared/payments.schemas'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'

/** `orderStartPayByBank`: the order awaits payment and the answer names the bank's consent page. */
function startPayByBank(request: z.infer<typeof StartPayByBankRequest>) {
  return postUser('orderStartPayByBank', request, StartPayByBankAnswer)
}

export function useStartPayByBank() {
  return useMutation({ mutationFn: startPayByBank })
}
