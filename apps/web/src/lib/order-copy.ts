import type { FailureAnswer } from '@exchange/shared/answer'
import type { ErrorCode } from '@exchange/shared/errors'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import type { OrderStatus } from '@exchange/shared/order-rules'
import { alertCopyFor } from './dashboard-alert-copy'
import { formatFiat } from './format'

/** Shown when prices are too old to buy with, and when the api refuses an order for that reason. */
export const STALE_PRICES_MESSAGE = 'Prices are out of date. Please wait a moment before buying.'

export function minimumAmountMessage(min: string, fiat: string): string {
  return `Minimum amount is ${formatFiat(min, fiat)}`
}

export function maximumAmountMessage(max: string, fiat: string): string {
  return `Maximum amount is ${formatFiat(max, fiat)}`
}

/** The order flow's copy per error code: the one place the buy screens turn codes into words. */
export const ORDER_ERROR_COPY: Partial<Record<ErrorCode, string>> = {
  order_not_found: 'We could not find this order.',
  rates_unavailable: STALE_PRICES_MESSAGE,
  price_expired: 'The price of this order has expired. Please start a new order.',
  transition_not_allowed: 'This order can no longer be changed.',
  method_unavailable: 'This payment method is not available for this order.',
  asset_unavailable: 'This coin cannot be bought at the moment.',
  details_required: 'We need your first and last name before you pay.',
  provider_unavailable:
    'The payment service is not answering right now. Nothing was charged; please try again in a minute.',
}

/** Copy for a failed order call: its code's message, else the shared ones, else 'Something went wrong'. */
export function orderAlertCopy(failure: Pick<FailureAnswer, 'error'>): string {
  return ORDER_ERROR_COPY[failure.error] ?? alertCopyFor(failure, ALERT_MESSAGES.somethingWentWrong)
}

/** What the amounts of an order are called, by where it stands: nobody "paid" for a cancelled order. */
export interface AmountLabels {
  fiat: string
  crypto: string
}

/**
 * "You pay" while the order waits for its money, "You paid" once the money is in, "Order amount" for an order that
 * ended without it (failed, cancelled, expired), whose money went back (refunded) or is held for review; the coins
 * likewise (nothing is sent while a payment is held).
 */
export function amountLabels(status: OrderStatus): AmountLabels {
  switch (status) {
    case 'initiated':
    case 'awaiting_payment':
      return { fiat: 'You pay', crypto: 'You receive' }
    case 'paid':
    case 'awaiting_checks':
    case 'processing':
      return { fiat: 'You paid', crypto: 'You receive' }
    case 'completed':
      return { fiat: 'You paid', crypto: 'You received' }
    case 'payment_review':
      // Money held for review may be short of the order or go back: what came is shown beside it, never as "You paid".
      return { fiat: 'Order amount', crypto: 'Coins ordered' }
    case 'refunded':
    case 'failed':
    case 'cancelled':
    case 'expired':
      return { fiat: 'Order amount', crypto: 'Not sent' }
  }
}
