import { LateQuoteAnswer } from '@exchange/shared/payments.schemas'
import { useQuery } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

export const LATE_QUOTE_QUERY_KEY = 'lateQuote'

/** `orderQuoteLatePayment`: what each answer to a late payment gives now, priced by the api (reads only). */
export function quoteLatePayment(request: { orderReference: string; brandName: string }) {
  return postUser('orderQuoteLatePayment', request, LateQuoteAnswer)
}

/** The preview, read again every 30 seconds while it is on screen so that the price shown stays today's. */
export function useLatePaymentQuote(brandName: string, orderReference: string) {
  return useQuery({
    queryKey: [LATE_QUOTE_QUERY_KEY, orderReference, brandName],
    queryFn: () => quoteLatePayment({ orderReference, brandName }),
    refetchInterval: 30_000,
  })
}
