import type { NumberSeparators } from '@exchange/shared/money'
import { activeNumberStyle, numberStyleOf } from './format'

/** The decimal and group separators of a locale's numbers, e.g. de-DE "," and ".", de-CH "." and "’". */
export function separatorsOf(locale: string): NumberSeparators {
  const { decimal, group } = numberStyleOf(locale)
  return { decimal, group }
}

/**
 * How the customer writes numbers: as the locale in force writes them (`activeLocale().locale`, decisions 046 and
 * 130), the same locale the amounts are shown in. Read each time a separator is, so a change of language applies at
 * once; the locale's `Intl.NumberFormat` (about 15 ms of a phone's main thread the first time) is made when a number
 * is first written or read either way, and kept.
 */
export function customerNumberSeparators(): NumberSeparators {
  return {
    get decimal() {
      return activeNumberStyle().decimal
    },
    get group() {
      return activeNumberStyle().group
    },
  }
}
