import { SubmitVibanAnswer, type SubmitVibanRequest } from '@exchange/shared/payments.schemas'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'

/** `orderSubmitViban`: ties the order to the customer's virtual IBAN and answers what to send; a second call answers the same. */
function submitViban(request: z.infer<typeof SubmitVibanRequest>) {
  return postUser('orderSubmitViban', request, SubmitVibanAnswer)
}

/** The customer chooses to pay the order by transfer to their virtual IBAN: only ever on their action, never on view. */
export function useSubmitViban() {
  return useMutation({ mutationFn: submitViban })
}
