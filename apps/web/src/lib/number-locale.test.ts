import { describe, expect, it, vi } from 'vitest'
import { readAmountInput } from '@exchange/shared/money'
import { resolveLocale, setActiveLocale } from './i18n/locale'
import { customerNumberSeparators, separatorsOf } from './number-locale'

describe('separatorsOf', () => {
  it("reads a locale's decimal and group separators", () => {
    expect(separatorsOf('de-DE')).toEqual({ decimal: ',', group: '.' })
    expect(separatorsOf('en-GB')).toEqual({ decimal: '.', group: ',' })
  })

  it('falls back to a point and a comma for a locale the browser refuses', () => {
    expect(separatorsOf('not a locale!')).toEqual({ decimal: '.', group: ',' })
  })
})

describe("the customer's separators", () => {
  function browserLanguages(languages: string[]) {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages)
  }

  it('follow the locale in force: the language with the browser’s region for it, not its first language', () => {
    // The customer reads German; the browser's first language is English, its German is de-DE's.
    browserLanguages(['en-US', 'de-DE'])
    setActiveLocale(resolveLocale('de'))
    const separators = customerNumberSeparators()
    expect(readAmountInput('1.000', separators)).toEqual({ kind: 'amount', value: '1000' })
    expect(readAmountInput('1,000', separators)).toEqual({ kind: 'amount', value: '1.000' })
  })

  it('follow a change of language at once', () => {
    browserLanguages(['de-CH'])
    setActiveLocale(resolveLocale())
    const separators = customerNumberSeparators()
    // Swiss German writes 1'000.50: a comma before three digits is neither its decimal nor its group separator.
    expect(readAmountInput('1,000', separators)).toEqual({ kind: 'ambiguous', separator: ',' })
    setActiveLocale(resolveLocale('en'))
    expect(readAmountInput('1,000', separators)).toEqual({ kind: 'amount', value: '1000' })
  })

  it("work out the locale's number format only when an amount reads either way", () => {
    setActiveLocale({ language: 'de', locale: 'de-AT' })
    const measured = vi.spyOn(Intl.NumberFormat.prototype, 'formatToParts')
    const separators = customerNumberSeparators()
    const readings = ['100', '100,50', '1.000,50', '12.5'].map((typed) => readAmountInput(typed, separators))
    expect(readings).toEqual([
      { kind: 'amount', value: '100' },
      { kind: 'amount', value: '100.50' },
      { kind: 'amount', value: '1000.50' },
      { kind: 'amount', value: '12.5' },
    ])
    expect(measured).not.toHaveBeenCalled()
    // Austria groups with a no-break space: "1.000" is neither its decimal nor its group separator.
    expect(readAmountInput('1.000', separators)).toEqual({ kind: 'ambiguous', separator: '.' })
    expect(readAmountInput('2.000', separators)).toEqual({ kind: 'ambiguous', separator: '.' })
    // Measured once, from two samples: the separators (1234567.5) and whether four digits are grouped (1234).
    expect(measured).toHaveBeenCalledTimes(2)
  })
})
