/** The separators of a locale's numbers, e.g. de-DE: decimal ",", group "."; de-CH: decimal ".", group "’". */
export interface NumberSeparators {
  decimal: string
  group: string
}

/**
 * How a locale writes a number's digits (decision 130): its separators and how it groups the whole part. Taken from
 * `Intl.NumberFormat` by the web; the digits themselves are always written from the decimal string, never a float.
 */
export interface NumberStyle extends NumberSeparators {
  /** Digits in the group nearest the decimal separator: 3 almost everywhere. */
  primaryGroup: number
  /** Digits in each further group: 3, or 2 in India's 12,34,567. */
  secondaryGroup: number
  /** The fewest digits the leading group must have for the number to be grouped: 1, or 2 where 1234 stays whole. */
  minimumGroupingDigits: number
}

/** Spec section 9's numbers: thousands commas and a decimal point, e.g. "12,345.68". */
export const ENGLISH_NUMBER_STYLE: NumberStyle = {
  decimal: '.',
  group: ',',
  primaryGroup: 3,
  secondaryGroup: 3,
  minimumGroupingDigits: 1,
}

const PLAIN = /^(\d+)(?:\.(\d+))?$/

/** "0999" + 1 → "1000": adds one to a string of digits, exactly. */
function incremented(digits: string): string {
  const out = digits.split('')
  for (let i = out.length - 1; i >= 0; i -= 1) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1)
      return out.join('')
    }
    out[i] = '0'
  }
  return `1${out.join('')}`
}

/**
 * A plain decimal string ("1234.5") rounded half-up to `decimals` places, as its whole and fraction digits
 * ({ whole: "1234", fraction: "50" }); undefined when the text is not a plain non-negative decimal.
 */
export function roundedDigits(value: string, decimals: number): { whole: string; fraction: string } | undefined {
  const match = PLAIN.exec(value)
  if (!match) return undefined
  const [, rawWhole = '0', rawFraction = ''] = match
  let digits = rawWhole + rawFraction.slice(0, decimals).padEnd(decimals, '0')
  if ((rawFraction[decimals] ?? '0') >= '5') digits = incremented(digits)
  const whole = digits.slice(0, digits.length - decimals).replace(/^0+(?=\d)/, '') || '0'
  return { whole, fraction: digits.slice(digits.length - decimals) }
}

/** "1234567" → "1,234,567" in the style's grouping (India's "12,34,567"; "1234" kept whole where the style says so). */
export function groupDigits(whole: string, style: NumberStyle): string {
  if (whole.length < style.primaryGroup + style.minimumGroupingDigits) return whole
  const groups = [whole.slice(-style.primaryGroup)]
  let rest = whole.slice(0, -style.primaryGroup)
  while (rest.length > style.secondaryGroup) {
    groups.unshift(rest.slice(-style.secondaryGroup))
    rest = rest.slice(0, -style.secondaryGroup)
  }
  if (rest) groups.unshift(rest)
  return groups.join(style.group)
}

/**
 * A plain decimal string written in a style at exactly `decimals` places, rounded half-up, digit for digit from the
 * string (a 15-digit amount or 8 decimals stay exact): "1234.5", 2 → "1’234.50" in de-CH. Undefined for other text.
 */
export function writeDecimal(value: string, decimals: number, style: NumberStyle): string | undefined {
  const digits = roundedDigits(value, decimals)
  if (!digits) return undefined
  const grouped = groupDigits(digits.whole, style)
  return decimals > 0 ? `${grouped}${style.decimal}${digits.fraction}` : grouped
}
