import { CRYPTO_DECIMALS, FIAT_DECIMALS, type CryptoCurrency } from '@exchange/shared/currencies'
import {
  compareAmounts,
  isDecimalString,
  quoteForCrypto,
  readAmountInput,
  type NumberSeparators,
  quoteForFiat,
  type BuyQuote,
  type PriceTerms,
} from '@exchange/shared/money'
import { OrderInitiateBuyRequest } from '@exchange/shared/orders.schemas'
import type { AmountLimits } from '@exchange/shared/rates.schemas'
import { formatAmount } from '@exchange/shared/money'
import { firstError } from '../../lib/validation'
import { amountRuleCopy, buyCatalog } from './messages'

/** The amount a first visit starts from: a typical first order, inside every fiat's limits. */
export const FIRST_VISIT_AMOUNT = '100'

/** The field the customer typed in last; the other one is computed from it. */
export type AmountSide = 'fiat' | 'crypto'

export type CalculatorQuote =
  { kind: 'empty' } | { kind: 'invalid'; message: string } | { kind: 'quote'; quote: BuyQuote }

const fiatAmountMessage = () => buyCatalog.t('buy.amount.format')

function cryptoAmountMessage(crypto: CryptoCurrency): string {
  return buyCatalog.t('buy.amount.cryptoFormat', { decimals: CRYPTO_DECIMALS[crypto] })
}

/** A single separator before three digits that the customer's locale does not settle ("1,000" in Switzerland). */
function ambiguousAmountMessage(typed: string, locale: NumberSeparators): string {
  return buyCatalog.t('buy.amount.ambiguous', { typed: typed.trim(), example: `1000${locale.decimal}50` })
}

/**
 * What the typed amount buys (fiat typed) or costs (crypto typed), at the pair's price terms. The amount is read as the
 * customer's locale writes numbers (decision 046); the fiat amount follows the order's own rule (at most two
 * decimals); all arithmetic is on decimal strings.
 */
export function quoteFromInput(
  side: AmountSide,
  input: string,
  terms: PriceTerms,
  crypto: CryptoCurrency,
  locale: NumberSeparators,
): CalculatorQuote {
  // A fiat amount has two decimals: "1.000" in de-CH is then ambiguous, not one franc with three (decision 130).
  const reading = readAmountInput(input, locale, side === 'fiat' ? FIAT_DECIMALS : CRYPTO_DECIMALS[crypto])
  if (reading.kind === 'empty') return { kind: 'empty' }
  if (reading.kind === 'ambiguous') return { kind: 'invalid', message: ambiguousAmountMessage(input, locale) }
  const decimals = { fiat: FIAT_DECIMALS, crypto: CRYPTO_DECIMALS[crypto] }
  if (side === 'fiat') {
    const message = firstError(OrderInitiateBuyRequest.shape.amount, reading.kind === 'amount' ? reading.value : input)
    if (message || reading.kind !== 'amount')
      return { kind: 'invalid', message: message ? amountRuleCopy(message) : fiatAmountMessage() }
    return { kind: 'quote', quote: quoteForFiat(reading.value, terms, decimals) }
  }
  const amount = reading.kind === 'amount' ? reading.value : ''
  const places = amount.split('.')[1]?.length ?? 0
  if (!isDecimalString(amount) || places > decimals.crypto)
    return { kind: 'invalid', message: cryptoAmountMessage(crypto) }
  return { kind: 'quote', quote: quoteForCrypto(amount, terms, decimals) }
}

/** The fiat's order limits as the customer reads them, or undefined inside them. */
export function limitMessage(fiatAmount: string, limits: AmountLimits | undefined, fiat: string): string | undefined {
  if (!limits) return undefined
  if (compareAmounts(fiatAmount, limits.min) < 0) return minimumAmountMessage(limits.min, fiat)
  if (compareAmounts(fiatAmount, limits.max) > 0) return maximumAmountMessage(limits.max, fiat)
  return undefined
}

/** "Minimum amount is 10.00 EUR", in the customer's language. */
export function minimumAmountMessage(min: string, fiat: string): string {
  return buyCatalog.t('buy.amount.minimum', { amount: formatAmount(min, FIAT_DECIMALS), fiat: fiat.toUpperCase() })
}

export function maximumAmountMessage(max: string, fiat: string): string {
  return buyCatalog.t('buy.amount.maximum', { amount: formatAmount(max, FIAT_DECIMALS), fiat: fiat.toUpperCase() })
}

/** "15 minutes", "1 minute", or seconds when the time is not whole minutes. */
export function formatDuration(seconds: number): string {
  if (seconds % 60 !== 0) return buyCatalog.t('buy.duration.seconds', { count: seconds })
  return buyCatalog.t('buy.duration.minutes', { count: seconds / 60 })
}
