import { SubmitVibanAnswer, type SubmitVibanRequest } from '@exchange/shared/payments.schemas'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'

const VIBAN_INSTRUCTIONS_QUERY_KEY = 'vibanInstructions'

/** `orderSubmitViban`: ties the order to the customer's virtual IBAN and answers what to send; a second call answers the same. */
export function submitViban(request: z.infer<typeof SubmitVibanRequest>) {
  return postUser('orderSubmitViban', request, SubmitVibanAnswer)
}

/** The customer chooses the virtual IBAN; the answer is kept for the details screen that follows. */
export function useSubmitViban() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitViban,
    onSuccess: (answer, request) => {
      if (answer && answer.result)
        queryClient.setQueryData([VIBAN_INSTRUCTIONS_QUERY_KEY, request.orderReference, request.brandName], answer)
    },
  })
}

/** The instructions of an order tied to the virtual IBAN: those just kept, or asked again (same answer) after a reload. */
export function useVibanInstructions(brandName: string, orderReference: string | null) {
  return useQuery({
    queryKey: [VIBAN_INSTRUCTIONS_QUERY_KEY, orderReference, brandName],
    queryFn: () => submitViban({ orderReference: orderReference ?? '', brandName }),
    enabled: orderReference !== null,
    staleTime: Infinity,
  })
}
