import { CRYPTO_DECIMALS, FIAT_DECIMALS } from '@exchange/shared/currency-decimals'
import { ENGLISH_NUMBER_STYLE, writeDecimal, type NumberStyle } from '@exchange/shared/number-format'
import { activeLocale } from './i18n/locale'

/*
 * Every number, amount, price, fee, percentage, date and time the web shows is written here, in the locale in force
 * (`activeLocale().locale`, decision 130): de-CH 1’234.56, de-DE 1.234,56, fr-CH 1 234,56, en-GB 1,234.56. Amounts are
 * decimal strings and stay so: their digits are written from the string, and `Intl` gives only the separators and the
 * grouping. A page's first `Intl` formatter loads the locale's data (about 15 ms of a phone's main thread, decisions
 * 062 and 089), so each is made the first time it is needed and kept per locale, and English numbers need none; this
 * module loads neither zod nor decimal.js, so that the account screens (the code screens' clock) can use it without
 * adding to /login.
 */

const numberStyles = new Map<string, NumberStyle>()

function measuredNumberStyle(locale: string): NumberStyle {
  try {
    // The locale's own grouping ("auto"): it-CH writes 1234 whole and 12’345 grouped.
    const format = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 })
    const parts = format.formatToParts(1234567.5)
    const group = parts.find((part) => part.type === 'group')?.value ?? ''
    const integers = parts.filter((part) => part.type === 'integer').map((part) => part.value.length)
    const primaryGroup = integers.at(-1) ?? 3
    return {
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? ENGLISH_NUMBER_STYLE.decimal,
      group,
      primaryGroup,
      secondaryGroup: integers.length > 2 ? (integers.at(-2) ?? primaryGroup) : primaryGroup,
      minimumGroupingDigits:
        group === '' ? Infinity : format.formatToParts(1234).some((part) => part.type === 'group') ? 1 : 2,
    }
  } catch {
    return ENGLISH_NUMBER_STYLE
  }
}

/**
 * The locales that write the spec's own numbers (1,234.56) in every version of `Intl`: known without asking it, so
 * that an English dashboard loads no locale data, as decision 089 keeps it (format.test.ts compares them with `Intl`).
 */
const KNOWN_STYLES: Readonly<Record<string, NumberStyle>> = {
  'en-GB': ENGLISH_NUMBER_STYLE,
  'en-US': ENGLISH_NUMBER_STYLE,
}

/** How a locale writes numbers (its separators and grouping), worked out once per locale; English for one refused. */
export function numberStyleOf(locale: string): NumberStyle {
  let style = numberStyles.get(locale) ?? (Object.hasOwn(KNOWN_STYLES, locale) ? KNOWN_STYLES[locale] : undefined)
  if (!style) {
    style = measuredNumberStyle(locale)
    numberStyles.set(locale, style)
  }
  return style
}

/** How the locale in force writes numbers. */
export function activeNumberStyle(): NumberStyle {
  return numberStyleOf(activeLocale().locale)
}

/**
 * A decimal string at exactly `decimals` places (half-up) in the locale in force: "1234.5", 2 → "1’234.50" (de-CH),
 * "1.234,50" (de-DE). Text that is not a plain decimal is shown as it came.
 */
export function formatNumber(amount: string, decimals: number): string {
  return writeDecimal(amount, decimals, activeNumberStyle()) ?? amount
}

/** "1’250.00 EUR": the amount in the locale's numbers, the currency code after it in every locale. */
export function formatFiat(amount: string, fiat: string): string {
  return `${formatNumber(amount, FIAT_DECIMALS)} ${fiat.toUpperCase()}`
}

/** "0.01354679 BTC", at the coin's own decimals (8 for a coin the web does not know). */
export function formatCrypto(amount: string, crypto: string): string {
  const decimals = Object.hasOwn(CRYPTO_DECIMALS, crypto) ? CRYPTO_DECIMALS[crypto as keyof typeof CRYPTO_DECIMALS] : 8
  return `${formatNumber(amount, decimals)} ${crypto.toUpperCase()}`
}

/** Basis points as a percentage with two decimals, without floats: 150 → "1.50 %" (en), "1,50 %" (de-DE). */
export function formatBps(bps: number): string {
  const whole = Math.abs(Math.round(bps))
  const percent = `${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')}`
  return `${bps < 0 ? '-' : ''}${formatNumber(percent, 2)} %`
}

/** A count, grouped as the locale groups: 10000 → "10,000" (en), "10’000" (de-CH). */
export function formatCount(count: number): string {
  return formatNumber(String(Math.trunc(Math.abs(count))), 0)
}

/** "1.2 MB" (en), "1,2 MB" (de-DE), "340 KB": sizes as a person reads them. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} B`
  if (bytes < 1024 * 1024) return `${formatCount(Math.round(bytes / 1024))} KB`
  // A size, not money: one decimal of a float is exact enough, and written in the locale's numbers.
  return `${formatNumber((bytes / (1024 * 1024)).toFixed(1), 1)} MB`
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** A date formatter of the locale in force, made the first time it is asked for and kept. */
function dateFormat(kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const { locale } = activeLocale()
  const key = `${locale} ${kind}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    dateFormats.set(key, format)
  }
  return format
}

/** Date and time in the customer's locale; with seconds where events follow each other closely. */
export function formatDateTime(iso: string, precision: 'minutes' | 'seconds' = 'minutes'): string {
  const options: Intl.DateTimeFormatOptions =
    precision === 'seconds' ? { dateStyle: 'medium', timeStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' }
  return dateFormat(`date-time-${precision}`, options).format(new Date(iso))
}

/** A day as the customer's locale writes it, e.g. "24 Nov 2026" (en-GB), "24.11.2026" (de-CH). */
export function formatDate(iso: string): string {
  return dateFormat('date', { dateStyle: 'medium' }).format(new Date(iso))
}

/**
 * The time of day of a moment, on the customer's clock, as 24-hour "14:05:09": written by hand, because the first
 * date formatter of a page loads the browser's locale data (15-25 ms of a phone's main thread), which the calculator's
 * first render paid inside its own task only for this line. It is what `Intl` writes in every locale the product
 * serves (en-GB, de-CH, de-DE, fr-CH, fr-FR, it-CH: format.test.ts compares them), and unambiguous in the others.
 */
export function formatClockTime(iso: string): string {
  const at = new Date(iso)
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':')
}

/** A moment on another day than today, with its weekday, 24-hour: "Mon 14:05:09" (en-GB), "Mo., 14:05:09" (de-CH). */
export function formatWeekdayTime(iso: string): string {
  return dateFormat('weekday-time', {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso))
}
