import { isPaid } from '@exchange/shared/order-rules'
import { type LastPayment, getSessionState } from '../../lib/session-state'

/**
 * What the return page makes of a decided payment: one that succeeded paid the order only if the order is now paid;
 * otherwise it arrived after the order ended and goes back.
 */
export function paymentOutcome(paymentStatus: string, orderStatus: string): LastPayment['outcome'] {
  if (paymentStatus !== 'succeeded') return 'failed'
  return isPaid(orderStatus) ? 'succeeded' : 'refunded'
}

/**
 * Why this order's payment did not pay it, as the return page read it, and whether money was taken (a payment
 * that arrived after the order ended goes back); null when the return page read no such outcome.
 */
export function unpaidReasonFor(orderReference: string): { reason: string; charged: boolean } | null {
  const { lastPayment } = getSessionState()
  if (
    lastPayment?.orderReference !== orderReference ||
    lastPayment.outcome === 'succeeded' ||
    !lastPayment.failureReason
  )
    return null
  return { reason: lastPayment.failureReason, charged: lastPayment.outcome === 'refunded' }
}
