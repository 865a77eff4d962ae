import { LateQuoteAnswer } from '@exchange/shared/payments.schemas'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

const LATE_QUOTE_QUERY_KEY = 'lateQuote'

/** `orderQuoteLatePayment`: what each answer to a late payment gives now, priced by the api (reads only). */
function quoteLatePayment(request: { orderReference: string; brandName: string }) {
  return postUser('orderQuoteLatePayment', request, LateQuoteAnswer)
}

/** Every late payment's preview: what a decision on a late payment invalidates. */
export function latePaymentQuoteQueryKey() {
  return [LATE_QUOTE_QUERY_KEY]
}

/** The preview, read again every 30 seconds while it is on screen so that the price shown stays today's. */
function latePaymentQuoteQueryOptions(brandName: string, orderReference: string) {
  return queryOptions({
    queryKey: [LATE_QUOTE_QUERY_KEY, orderReference, brandName],
    queryFn: () => quoteLatePayment({ orderReference, brandName }),
    refetchInterval: 30_000,
  })
}

export function useLatePaymentQuote(brandName: string, orderReference: string) {
  return useQuery({ ...latePaymentQuoteQueryOptions(brandName, orderReference) })
}
