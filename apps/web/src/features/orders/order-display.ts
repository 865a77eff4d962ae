import { pathForOrder } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { formatIban, isValidIban } from '@exchange/shared/iban'
import type { OrderStatus } from '@exchange/shared/order-rules'
import type { OrderSummary, PaymentOption } from '@exchange/shared/orders.schemas'
import { getSessionState } from '../../lib/session-state'

/** Each status as the customer reads it, and the colour of its badge. */
export const STATUS_DISPLAY: Record<OrderStatus, { label: string; color: string }> = {
  initiated: { label: 'Started', color: 'blue' },
  awaiting_payment: { label: 'Awaiting payment', color: 'yellow' },
  payment_review: { label: 'Payment under review', color: 'yellow' },
  paid: { label: 'Paid', color: 'teal' },
  awaiting_checks: { label: 'Waiting for your checks', color: 'yellow' },
  processing: { label: 'Processing', color: 'cyan' },
  completed: { label: 'Completed', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  expired: { label: 'Expired', color: 'orange' },
  refunded: { label: 'Refunded', color: 'grape' },
}

export function statusLabel(status: OrderStatus): string {
  return STATUS_DISPLAY[status].label
}

/**
 * The order's payment method as the customer reads it: the name of a card provider or bank offered in this session,
 * a transfer to the customer's virtual IBAN, else the option's id as the api keeps it.
 */
export function methodLabel(method: string | null, known: readonly PaymentOption[]): string {
  if (!method) return '—'
  const option = known.find((candidate) => candidate.id === method || candidate.tlId === method)
  if (option) return option.name
  if (isValidIban(method)) return `Transfer to your IBAN ${formatIban(method)}`
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
