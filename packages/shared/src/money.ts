import Decimal from 'decimal.js'
import { z } from 'zod'
import { ENGLISH_NUMBER_STYLE, writeDecimal, type NumberSeparators } from './number-format'

/** Our own Decimal: 40 significant digits, half-up; nothing here ever touches a JS float. */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP })
type Dec = InstanceType<typeof D>

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/

/** A non-negative decimal as text, the way amounts travel on the wire ("250.00", "0.00412300"). */
export const DecimalString = z.string().regex(PLAIN_DECIMAL, 'Must be a decimal number')
export type DecimalString = z.infer<typeof DecimalString>

/**
 * A fiat amount as a bank or an operator states it: at most 15 digits before the point and 2 after, so that it fits
 * the `numeric(20, 2)` columns it is stored in; a longer one is refused as input, never failed on in the database.
 */
export const FiatAmountString = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,2})?$/, 'Must be an amount of at most 15 digits, with at most 2 decimals')

const COMMA_GROUPED = /^\d{1,3}(,\d{3})+(\.\d+)?$/

/**
 * An amount as typed: thousands commas removed and trimmed (spec section 5), e.g. " 1,250.5 " → "1250.5". Only commas
 * that group thousands are removed: "100,50" is a decimal comma, and removing it would read ten thousand and fifty, so
 * it stays and the amount is refused as not a number (decision 046).
 */
export function normalizeAmountInput(input: string): string {
  const trimmed = input.trim()
  return COMMA_GROUPED.test(trimmed) ? trimmed.replaceAll(',', '') : trimmed
}

export type { NumberSeparators } from './number-format'

/**
 * How an amount typed by a customer was read: a plain decimal string, or why it could not be. `ambiguous` is a single
 * separator followed by exactly three digits ("1,000", "1.000") that the customer's locale does not settle.
 */
export type AmountReading =
  | { kind: 'empty' }
  | { kind: 'amount'; value: string }
  | { kind: 'ambiguous'; separator: ',' | '.' }
  | { kind: 'unreadable' }

// Spaces (also the no-break ones French and Swiss numbers use) and apostrophes (Swiss) only ever group digits.
const SPACING_CHAR = /[\s\u00a0\u202f'\u2019]/
const SPACING_CHARS = /[\s\u00a0\u202f'\u2019]/g
const SPACED_GROUPS = /^\d{1,3}(?:[\s\u00a0\u202f'\u2019]\d{3})+$/
// A whole amount as Swiss and German prices write it: "250.–", "250,-", "1'250.--" (decision 130).
const WHOLE_AMOUNT = /^(.*\d)([.,])(?:--?|\u2013|\u2014)$/

/** "1,000,000" → "1000000": the first group has one to three digits, every later one three. */
function joinGroups(whole: string, separator: string): string | null {
  const [first = '', ...rest] = whole.split(separator)
  if (rest.length === 0) return first
  if (!/^\d{1,3}$/.test(first) || rest.some((part) => !/^\d{3}$/.test(part))) return null
  return first + rest.join('')
}

/**
 * Which of "," and "." is the decimal separator of an amount without spaces, or `ambiguous`. A single separator before
 * exactly three digits is settled by the locale when it groups with that character ("1.000" in de-DE is a thousand),
 * or decimals with it and the field takes three decimals or more (a coin); else it is ambiguous, also where the locale
 * decimals with it but the field takes fewer ("1.000" francs in de-CH: no fiat amount has three decimals).
 */
function decimalSeparatorOf(
  text: string,
  locale: NumberSeparators,
  decimals: number | undefined,
): ',' | '.' | null | 'ambiguous' {
  const lastComma = text.lastIndexOf(',')
  const lastPoint = text.lastIndexOf('.')
  if (lastComma >= 0 && lastPoint >= 0) return lastComma > lastPoint ? ',' : '.'
  if (lastComma < 0 && lastPoint < 0) return null
  const separator = lastComma >= 0 ? ',' : '.'
  const [before = '', ...after] = text.split(separator)
  if (after.length > 1) return null
  if (after[0]?.length !== 3 || !/^[1-9]\d{0,2}$/.test(before)) return separator
  if (locale.group === separator) return null
  if (locale.decimal === separator && (decimals === undefined || decimals >= 3)) return separator
  return 'ambiguous'
}

/**
 * Reads an amount the way the customer meant it (decisions 046 and 130): "100,50" and "100.50" are a hundred and a
 * half, "1.000,50", "1,000.50", "1'000.50" and "1 000,50" a thousand and a half, "250,-" and "250.–" two hundred and
 * fifty. With both a comma and a point, the last one is the decimal separator; a separator repeated ("1,000,000")
 * groups thousands; one separator followed by other than three digits is the decimal separator. One separator followed
 * by exactly three digits ("1,000") is read as the locale reads it, and is `ambiguous` when the locale does not settle
 * it: it uses that character for neither, or as its decimal separator in a field of fewer than three `decimals`.
 * Without `decimals` the field takes any number of them.
 */
export function readAmountInput(input: string, locale: NumberSeparators, decimals?: number): AmountReading {
  const text = input.trim()
  if (text === '') return { kind: 'empty' }
  const whole = WHOLE_AMOUNT.exec(text)
  if (whole) {
    // The dash stands for no cents: the separator before it is the decimal one, whatever the locale.
    const reading = readAmountInput(`${whole[1]}${whole[2]}0`, locale)
    return reading.kind === 'amount' ? { kind: 'amount', value: reading.value.replace(/\.0$/, '') } : reading
  }
  const compact = text.replace(SPACING_CHARS, '')
  if (!/^[\d.,]*\d[\d.,]*$/.test(compact)) return { kind: 'unreadable' }
  const decimal = decimalSeparatorOf(compact, locale, decimals)
  if (decimal === 'ambiguous') return { kind: 'ambiguous', separator: compact.includes(',') ? ',' : '.' }

  const cut = decimal === null ? -1 : text.lastIndexOf(decimal)
  const rawWhole = cut < 0 ? text : text.slice(0, cut)
  const fraction = cut < 0 ? undefined : text.slice(cut + 1)
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return { kind: 'unreadable' }
  let digits: string | null
  if (SPACING_CHAR.test(rawWhole)) digits = SPACED_GROUPS.test(rawWhole) ? rawWhole.replace(SPACING_CHARS, '') : null
  else {
    const group = decimal === null ? (compact.includes('.') ? '.' : ',') : decimal === ',' ? '.' : ','
    digits = joinGroups(rawWhole, group)
  }
  if (digits === null || !/^\d*$/.test(digits)) return { kind: 'unreadable' }
  const value = fraction === undefined ? digits : `${digits === '' ? '0' : digits}.${fraction}`
  return PLAIN_DECIMAL.test(value) ? { kind: 'amount', value } : { kind: 'unreadable' }
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

/**
 * Spec section 9's formatter: rounds to the given decimals (half-up) and adds thousands commas, e.g. "12,345.68". The
 * api's English; the web writes amounts in the customer's locale (apps/web/src/lib/format.ts, decision 130).
 */
export function formatAmount(value: string, decimals: number): string {
  const written = writeDecimal(value, decimals, ENGLISH_NUMBER_STYLE)
  if (written === undefined) throw new Error(`not a decimal amount: ${value}`)
  return written
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
