import { CRYPTO_DECIMALS, FIAT_DECIMALS, type CryptoCurrency } from '@exchange/shared/currencies'
import {
  compareAmounts,
  isDecimalString,
  normalizeAmountInput,
  quoteForCrypto,
  quoteForFiat,
  type BuyQuote,
  type PriceTerms,
} from '@exchange/shared/money'
import { OrderInitiateBuyRequest } from '@exchange/shared/orders.schemas'
import type { AmountLimits } from '@exchange/shared/rates.schemas'
import { maximumAmountMessage, minimumAmountMessage } from '../../lib/order-copy'
import { firstError } from '../../lib/validation'

/** The field the customer typed in last; the other one is computed from it. */
export type AmountSide = 'fiat' | 'crypto'

export type CalculatorQuote =
  { kind: 'empty' } | { kind: 'invalid'; message: string } | { kind: 'quote'; quote: BuyQuote }

export function cryptoAmountMessage(crypto: CryptoCurrency): string {
  return `Enter a number with at most ${CRYPTO_DECIMALS[crypto]} decimals`
}

/**
 * What the typed amount buys (fiat typed) or costs (crypto typed), at the pair's price terms. The fiat
 * amount follows the order's own rule (at most two decimals); all arithmetic is on decimal strings.
 */
export function quoteFromInput(
  side: AmountSide,
  input: string,
  terms: PriceTerms,
  crypto: CryptoCurrency,
): CalculatorQuote {
  const amount = normalizeAmountInput(input)
  if (amount === '') return { kind: 'empty' }
  const decimals = { fiat: FIAT_DECIMALS, crypto: CRYPTO_DECIMALS[crypto] }
  if (side === 'fiat') {
    const message = firstError(OrderInitiateBuyRequest.shape.amount, input)
    return message ? { kind: 'invalid', message } : { kind: 'quote', quote: quoteForFiat(amount, terms, decimals) }
  }
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

/** "15 minutes", "1 minute", or seconds when the time is not whole minutes. */
export function formatDuration(seconds: number): string {
  if (seconds % 60 !== 0) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = seconds / 60
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}
