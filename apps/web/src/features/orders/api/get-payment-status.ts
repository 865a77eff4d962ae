import { PaymentStatusAnswer, type PaymentStatusRequest } from '@exchange/shared/payments.schemas'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'

export type PaymentStatus = Extract<PaymentStatusAnswer, { result: true }>['data']['paymentStatus']

/** The provider has not decided yet: its signed notice has not arrived, or the bank still asks the customer. */
export function isPaymentUndecided(status: PaymentStatus): boolean {
  return status === 'pending' || status === 'requires_action'
}

/** `orderPaymentStatus`: a hosted payment as the provider's signed notice left it; the browser's return proves nothing. */
function getPaymentStatus(request: z.infer<typeof PaymentStatusRequest>) {
  return postUser('orderPaymentStatus', request, PaymentStatusAnswer)
}

function paymentStatusQueryOptions(brandName: string, sessionId: string | null) {
  return queryOptions({
    queryKey: ['paymentStatus', sessionId, brandName],
    queryFn: () => getPaymentStatus({ sessionId: sessionId ?? '', brandName }),
    enabled: sessionId !== null,
  })
}

export interface PaymentStatusPolling {
  /** How often to ask again while the payment is undecided. */
  intervalMs: number
  /** When to stop asking and tell the customer to check History. */
  giveUpMs: number
}

/**
 * The payment's status, asked again every `intervalMs` while it is undecided, for at most `giveUpMs`;
 * `gaveUp` then says the screen stopped waiting.
 */
export function usePaymentStatus(
  brandName: string,
  sessionId: string | null,
  { intervalMs, giveUpMs }: PaymentStatusPolling,
) {
  const [gaveUp, setGaveUp] = useState(false)
  useEffect(() => {
    const timer = window.setTimeout(() => setGaveUp(true), giveUpMs)
    return () => window.clearTimeout(timer)
  }, [giveUpMs])

  const query = useQuery({
    ...paymentStatusQueryOptions(brandName, sessionId),
    refetchInterval: (current) => {
      const answer = current.state.data
      const undecided = answer && answer.result && isPaymentUndecided(answer.data.paymentStatus)
      return undecided && !gaveUp ? intervalMs : false
    },
  })
  return { ...query, gaveUp }
}
