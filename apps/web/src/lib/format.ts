import { CRYPTO_DECIMALS, CryptoCurrency, FIAT_DECIMALS } from '@exchange/shared/currencies'
import { formatAmount } from '@exchange/shared/money'

/** "1,250.00 EUR": the spec's formatter with the currency after it. */
export function formatFiat(amount: string, fiat: string): string {
  return `${formatAmount(amount, FIAT_DECIMALS)} ${fiat.toUpperCase()}`
}

/** "0.01354679 BTC", at the coin's own decimals. */
export function formatCrypto(amount: string, crypto: string): string {
  const coin = CryptoCurrency.safeParse(crypto)
  return `${formatAmount(amount, coin.success ? CRYPTO_DECIMALS[coin.data] : 8)} ${crypto.toUpperCase()}`
}

/** Basis points as a percentage with two decimals, e.g. 150 → "1.50 %", without floats. */
export function formatBps(bps: number): string {
  return `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')} %`
}

/** Date and time in the customer's locale; with seconds where events follow each other closely. */
export function formatDateTime(iso: string, precision: 'minutes' | 'seconds' = 'minutes'): string {
  return new Date(iso).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: precision === 'seconds' ? 'medium' : 'short',
  })
}

/** A day as the customer's browser writes it, e.g. "24 Nov 2026". */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' })
}

/**
 * The time of day of a moment, on the customer's clock, as 24-hour "14:05:09": written by hand, because the first
 * date formatter of a page loads the browser's locale data (15-25 ms of a phone's main thread), which the calculator's
 * first render paid inside its own task only for this line. Unambiguous in every locale the product serves.
 */
export function formatClockTime(iso: string): string {
  const at = new Date(iso)
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':')
}
