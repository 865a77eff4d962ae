import { pathForOrder } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { formatIban, isValidIban } from '@exchange/shared/iban'
import type { JourneyStepId } from '@exchange/shared/journey-steps'
import type { OrderStatus } from '@exchange/shared/order-rules'
import type { OrderSummary, PaymentOption } from '@exchange/shared/orders.schemas'
import { getSessionState } from '../../lib/session-state'
import { ordersCatalog } from './messages'

/** Each status as the customer reads it (its message's key), and the colour of its badge. */
export const STATUS_DISPLAY = {
  initiated: { label: 'orders.status.initiated', color: 'blue' },
  awaiting_payment: { label: 'orders.status.awaiting_payment', color: 'yellow' },
  payment_review: { label: 'orders.status.payment_review', color: 'yellow' },
  paid: { label: 'orders.status.paid', color: 'teal' },
  awaiting_checks: { label: 'orders.status.awaiting_checks', color: 'yellow' },
  processing: { label: 'orders.status.processing', color: 'cyan' },
  completed: { label: 'orders.status.completed', color: 'green' },
  failed: { label: 'orders.status.failed', color: 'red' },
  cancelled: { label: 'orders.status.cancelled', color: 'gray' },
  expired: { label: 'orders.status.expired', color: 'orange' },
  refunded: { label: 'orders.status.refunded', color: 'grape' },
} as const satisfies Record<OrderStatus, { label: `orders.status.${OrderStatus}`; color: string }>

/** A status as its badge names it. */
export function statusLabel(status: OrderStatus): string {
  return ordersCatalog.t(STATUS_DISPLAY[status].label)
}

/** "This order is {status}": a status inside a sentence ("awaiting payment"), as the language writes it there. */
export function statusInSentence(status: OrderStatus): string {
  return ordersCatalog.t(`orders.statusInSentence.${status}`)
}

/** What a journey step asks of the customer (the shared `STEP_COPY`), in the customer's language. */
export function stepCopy(step: JourneyStepId): string {
  return ordersCatalog.t(`orders.stepCopy.${step}`)
}

/**
 * The order's payment method as the customer reads it: the name of a card provider or bank offered in this session,
 * a transfer to the customer's virtual IBAN, else the option's id as the api keeps it.
 */
export function methodLabel(method: string | null, known: readonly PaymentOption[]): string {
  if (!method) return '—'
  const option = known.find((candidate) => candidate.id === method || candidate.tlId === method)
  if (option) return option.name
  if (isValidIban(method)) return ordersCatalog.t('orders.method.toYourIban', { iban: formatIban(method) })
  return method
}

/** The payment method of an order as the api names it, else by the options this session was offered. */
export function orderMethodLabel(order: OrderSummary): string {
  const { pspArray, banksArray, altMethodArray } = getSessionState()
  return order.methodName ?? methodLabel(order.method, [...pspArray, ...banksArray, ...altMethodArray])
}

/** A completed order's printable receipt (decision 049), named by its reference. */
export function receiptPath(orderReference: string): string {
  return pathForOrder(WEB_PATHS.receipt, orderReference)
}

/** The way out of a paid order whose delivery waits: another wallet, or the money back (decision 085). */
export function wayOutPath(orderReference: string): string {
  return pathForOrder(WEB_PATHS.wayOut, orderReference)
}
