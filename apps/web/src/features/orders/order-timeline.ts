import type { OrderStatus } from '@exchange/shared/order-rules'
import type { OrderEvent, OrderSummary } from '@exchange/shared/orders.schemas'
import { ordersCatalog } from './messages'
import { trailWords } from './order-trail/trail-words'

/** One step of an order's life as the customer reads it: what happened, when, and the facts worth knowing. */
export interface TimelineEntry {
  at: string
  status: OrderStatus
  title: string
  lines: string[]
}

/** What reaching a status means to the customer; "you" when the customer did it. */
function titleOf(event: OrderEvent): string {
  const t = ordersCatalog.t
  const byCustomer = event.actor === 'customer'
  switch (event.toStatus) {
    case 'initiated':
      // Back from a payment attempt that failed while the price still held (decision 048).
      return event.fromStatus === 'awaiting_payment' ? t('orders.timeline.keepsPrice') : t('orders.timeline.started')
    case 'awaiting_payment':
      return byCustomer ? t('orders.timeline.choseHowToPay') : t('orders.timeline.waitingForPayment')
    case 'payment_review':
      return t('orders.timeline.paymentReview')
    case 'paid':
      return t('orders.timeline.paid')
    case 'awaiting_checks':
      return t('orders.timeline.awaitingChecks')
    case 'processing':
      return t('orders.timeline.processing')
    case 'completed':
      return t('orders.timeline.completed')
    case 'failed':
      return byCustomer ? t('orders.timeline.paymentNotCompleted') : t('orders.timeline.failed')
    case 'cancelled':
      return byCustomer ? t('orders.timeline.youCancelled') : t('orders.timeline.cancelled')
    case 'expired':
      return t('orders.timeline.expired')
    case 'refunded':
      return t('orders.timeline.refunded')
  }
}

/**
 * The line under a change, when it says more than the title: the payment method the customer chose, else the
 * customer's words the api gives for the entry (shared `order-trail`, decision 109). A step owed is shown with its
 * button above the timeline, so its entry has no words.
 */
function lineOf(event: OrderEvent, order: OrderSummary): string | null {
  const isNote = event.fromStatus === event.toStatus
  if (event.toStatus === 'awaiting_payment' && event.actor === 'customer' && !isNote)
    return order.methodName ? ordersCatalog.t('orders.timeline.paymentMethod', { method: order.methodName }) : null
  return event.words === null ? null : trailWords(event.kind, event.words)
}

/**
 * The order's timeline for its customer: one entry per status reached, in plain words. A note recorded without a change
 * of status ("Awaiting payment → Awaiting payment") and a repeated status join the entry before them as a line.
 */
export function customerTimeline(events: readonly OrderEvent[], order: OrderSummary): TimelineEntry[] {
  const entries: TimelineEntry[] = []
  for (const event of events) {
    const line = lineOf(event, order)
    const last = entries.at(-1)
    if (last && last.status === event.toStatus) {
      if (line && !last.lines.includes(line)) last.lines.push(line)
      continue
    }
    entries.push({ at: event.at, status: event.toStatus, title: titleOf(event), lines: line ? [line] : [] })
  }
  return entries
}
