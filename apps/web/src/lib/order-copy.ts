import type { FailureAnswer } from '@exchange/shared/answer'
import type { ErrorCode } from '@exchange/shared/errors'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import type { OrderStatus } from '@exchange/shared/order-rules'
import { alertCopyFor } from './dashboard-alert-copy'
import { formatFiat } from './format'
import { catalogLanguage, useCatalog } from './i18n/catalog'
import { orderCopyCatalog } from './order-copy/messages'

type OrderCopyId = Parameters<typeof orderCopyCatalog.t>[0]

// Its screens (the calculator, the orders' screens, the wallets' form) call `useOrderCopy`; loading it as the module
// loads keeps the plain functions below (a handler's message) from waiting on it.
void orderCopyCatalog.load(catalogLanguage()).catch(() => undefined)

/** The order copy's messages, for a screen that shows them (its texts wait until they are loaded, decision 129). */
export function useOrderCopy(): typeof orderCopyCatalog.t {
  return useCatalog(orderCopyCatalog)
}

/**
 * The English text of the order copy, as the tests and the spec assert it; in English (or before its messages are
 * loaded), the customer reads it as it is.
 */
export const STALE_PRICES_MESSAGE = 'Prices are out of date. Please wait a moment before buying.'

/** Shown when prices are too old to buy with, and when the api refuses an order for that reason. */
export function stalePricesMessage(): string {
  return orderCopyCatalog.t('orderCopy.stalePrices')
}

export function minimumAmountMessage(min: string, fiat: string): string {
  return orderCopyCatalog.t('orderCopy.minimumAmount', {
    amount: formatFiat(min, fiat),
  })
}

export function maximumAmountMessage(max: string, fiat: string): string {
  return orderCopyCatalog.t('orderCopy.maximumAmount', {
    amount: formatFiat(max, fiat),
  })
}

/** The codes with copy of their own in the order flow: the one place the buy screens turn codes into words. */
const ORDER_ERROR_CODES = [
  'order_not_found',
  'rates_unavailable',
  'price_expired',
  'transition_not_allowed',
  'method_unavailable',
  'asset_unavailable',
  'details_required',
  'provider_unavailable',
] as const satisfies readonly ErrorCode[]
type OrderErrorCode = (typeof ORDER_ERROR_CODES)[number]

/** The order flow's copy of an error code, in the customer's language; undefined for a code it has no copy for. */
export function orderErrorCopy(code: ErrorCode): string | undefined {
  if (code === 'rates_unavailable') return stalePricesMessage()
  return (ORDER_ERROR_CODES as readonly string[]).includes(code)
    ? orderCopyCatalog.t(`orderCopy.error.${code as OrderErrorCode}` as OrderCopyId)
    : undefined
}

/** Copy for a failed order call: its code's message, else the shared ones, else 'Something went wrong'. */
export function orderAlertCopy(failure: Pick<FailureAnswer, 'error'>): string {
  return orderErrorCopy(failure.error) ?? alertCopyFor(failure, ALERT_MESSAGES.somethingWentWrong)
}

/** What the amounts of an order are called, by where it stands: nobody "paid" for a cancelled order. */
export interface AmountLabels {
  fiat: string
  crypto: string
}

function labels(
  fiat: 'youPay' | 'youPaid' | 'orderAmount',
  crypto: 'youReceive' | 'youReceived' | 'coinsOrdered' | 'notSent',
) {
  return {
    fiat: orderCopyCatalog.t(`orderCopy.amount.${fiat}`),
    crypto: orderCopyCatalog.t(`orderCopy.amount.${crypto}`),
  }
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
      return labels('youPay', 'youReceive')
    case 'paid':
    case 'awaiting_checks':
    case 'processing':
      return labels('youPaid', 'youReceive')
    case 'completed':
      return labels('youPaid', 'youReceived')
    case 'payment_review':
      // Money held for review may be short of the order or go back: what came is shown beside it, never as "You paid".
      return labels('orderAmount', 'coinsOrdered')
    case 'refunded':
    case 'failed':
    case 'cancelled':
    case 'expired':
      return labels('orderAmount', 'notSent')
  }
}
