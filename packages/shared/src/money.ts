import Decimal from 'decimal.js'
import { z } from 'zod'

/** Our own Decimal: 40 significant digits, half-up; nothing here ever touches a JS float. */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP })
type Dec = InstanceType<typeof D>

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/

/** A non-negative decimal as text, the way amounts travel on the wire ("250.00", "0.00412300"). */
export const DecimalString = z.string().regex(PLAIN_DECIMAL, 'Must be a decimal number')
export type DecimalString = z.infer<typeof DecimalString>

/** An amount as typed: thousands commas removed and trimmed (spec section 5), e.g. " 1,250.5 " → "1250.5". */
export function normalizeAmountInput(input: string): string {
  return input.replaceAll(',', '').trim()
}

export function isDecimalString(value: string): boolean {
  return PLAIN_DECIMAL.test(value)
}

function dec(value: string | Dec): Dec {
  if (typeof value !== 'string') return value
  if (!PLAIN_DECIMAL.test(value)) throw new Error(`not a decimal amount: ${value}`)
  return new D(value)
}

/** Rounds to `decimals` places (half-up) and writes it plainly with exactly that many places. */
export function roundAmount(value: string, decimals: number): string {
  return dec(value).toDecimalPlaces(decimals, D.ROUND_HALF_UP).toFixed(decimals)
}

/** Rounds down: a customer is never promised more crypto than their money buys. */
export function roundDown(value: string, decimals: number): string {
  return dec(value).toDecimalPlaces(decimals, D.ROUND_DOWN).toFixed(decimals)
}

/** Spec section 9's formatter: rounds to the given decimals and adds thousands commas, e.g. "12,345.68". */
export function formatAmount(value: string, decimals: number): string {
  const [whole = '0', fraction] = roundAmount(value, decimals).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}

export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  return dec(a).comparedTo(dec(b)) as -1 | 0 | 1
}

export function subtractAmounts(a: string, b: string): string {
  return dec(a).minus(dec(b)).toFixed()
}

const BPS = new D(10_000)

export interface PriceTerms {
  /** Mid-market price of one coin in fiat. */
  mid: string
  /** Our margin on the mid price, in basis points (150 = 1.5 %). */
  spreadBps: number
  /** Our fee on the fiat amount, in basis points. */
  feeBps: number
}

/** The price a customer pays for one coin: the mid price plus the spread, rounded up to the cent's hundredth. */
export function customerRate(terms: PriceTerms, fiatDecimals: number): string {
  return dec(terms.mid)
    .times(BPS.plus(terms.spreadBps))
    .dividedBy(BPS)
    .toDecimalPlaces(fiatDecimals + 2, D.ROUND_UP)
    .toFixed(fiatDecimals + 2)
}

export interface BuyQuote {
  fiatAmount: string
  fee: string
  /** What buys crypto after the fee. */
  netFiat: string
  rate: string
  cryptoAmount: string
}

/** What a fiat amount buys: fee taken first (rounded up to the cent), the rest at the customer rate, crypto rounded down. */
export function quoteForFiat(
  fiatAmount: string,
  terms: PriceTerms,
  decimals: { fiat: number; crypto: number },
): BuyQuote {
  const amount = dec(fiatAmount).toDecimalPlaces(decimals.fiat, D.ROUND_DOWN)
  const rate = customerRate(terms, decimals.fiat)
  const fee = amount.times(terms.feeBps).dividedBy(BPS).toDecimalPlaces(decimals.fiat, D.ROUND_UP)
  const net = D.max(amount.minus(fee), 0)
  return {
    fiatAmount: amount.toFixed(decimals.fiat),
    fee: fee.toFixed(decimals.fiat),
    netFiat: net.toFixed(decimals.fiat),
    rate,
    cryptoAmount: net.dividedBy(rate).toDecimalPlaces(decimals.crypto, D.ROUND_DOWN).toFixed(decimals.crypto),
  }
}

/** The fiat amount (fee included) that buys at least `cryptoAmount`: the calculator's other direction. */
export function quoteForCrypto(
  cryptoAmount: string,
  terms: PriceTerms,
  decimals: { fiat: number; crypto: number },
): BuyQuote {
  const rate = dec(customerRate(terms, decimals.fiat))
  const net = dec(cryptoAmount).times(rate)
  // gross = net / (1 - fee), rounded up so that the fiat amount really buys the crypto asked for.
  const gross = net.times(BPS).dividedBy(BPS.minus(terms.feeBps)).toDecimalPlaces(decimals.fiat, D.ROUND_UP)
  return quoteForFiat(gross.toFixed(decimals.fiat), terms, decimals)
}

/** `value × (10000 + bps) / 10000`, rounded to `decimals`: moves a price by basis points without floats. */
export function scaleByBps(value: string, bps: number, decimals: number): string {
  return dec(value).times(BPS.plus(bps)).dividedBy(BPS).toDecimalPlaces(decimals, D.ROUND_HALF_UP).toFixed(decimals)
}

export function multiplyAmounts(a: string, b: string, decimals: number): string {
  return dec(a).times(dec(b)).toDecimalPlaces(decimals, D.ROUND_HALF_UP).toFixed(decimals)
}

export function divideAmounts(a: string, b: string, decimals: number): string {
  return dec(a).dividedBy(dec(b)).toDecimalPlaces(decimals, D.ROUND_HALF_UP).toFixed(decimals)
}

/** The mean of two prices, e.g. a mid price from bid and ask. */
export function midOf(bid: string, ask: string, decimals: number): string {
  return dec(bid).plus(dec(ask)).dividedBy(2).toDecimalPlaces(decimals, D.ROUND_HALF_UP).toFixed(decimals)
}

export function sumAmounts(values: readonly string[], decimals: number): string {
  return values.reduce((total, value) => total.plus(dec(value)), new D(0)).toFixed(decimals)
}
