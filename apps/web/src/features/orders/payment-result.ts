import type { OrderSummary } from '@exchange/shared/orders.schemas'
import { lookUpActiveOrder } from '../../lib/active-order'
import { getSessionState } from '../../lib/session-state'

/** The order the thank-you and sorry screens report on: the one the return page checked, else the active order. */
export function paymentResultReference(openOrders: readonly OrderSummary[]): string | null {
  const { lastPayment } = getSessionState()
  return lastPayment?.orderReference ?? lookUpActiveOrder(openOrders)?.orderReference ?? null
}

/** The provider's reason for this order's failed payment, as the return page read it; null when it did not. */
export function failureReasonFor(orderReference: string): string | null {
  const { lastPayment } = getSessionState()
  return lastPayment?.orderReference === orderReference && lastPayment.outcome === 'failed' ? lastPayment.failureReason : null
}
