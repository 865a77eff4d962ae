import type { NumberSeparators } from '@exchange/shared/money'

const FALLBACK: NumberSeparators = { decimal: '.', group: ',' }

/** The decimal and group separators of a locale's numbers, e.g. de-DE "," and ".", de-CH "." and "’". */
export function separatorsOf(locale: string | undefined): NumberSeparators {
  try {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1000.5)
    return {
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? FALLBACK.decimal,
      group: parts.find((part) => part.type === 'group')?.value ?? FALLBACK.group,
    }
  } catch {
    return FALLBACK
  }
}

/** How the customer's browser writes numbers: its first preferred language decides (decision 046). */
export function customerNumberSeparators(): NumberSeparators {
  return separatorsOf(navigator.languages[0] ?? navigator.language)
}
