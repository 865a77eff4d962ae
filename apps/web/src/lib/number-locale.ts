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

/**
 * How the customer's browser writes numbers: its first preferred language decides (decision 046). Worked out the first
 * time a separator is read, not when the calculator opens: a page's first `Intl.NumberFormat` loads the locale's data
 * (about 15 ms of a phone's main thread, 60 ms at Lighthouse's 4× CPU, in the dashboard's first load), and an amount
 * needs the locale only when it reads either way ("1,000").
 */
export function customerNumberSeparators(): NumberSeparators {
  let known: NumberSeparators | undefined
  const separators = () => (known ??= separatorsOf(navigator.languages[0] ?? navigator.language))
  return {
    get decimal() {
      return separators().decimal
    },
    get group() {
      return separators().group
    },
  }
}
