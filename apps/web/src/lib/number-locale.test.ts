import { afterEach, describe, expect, it, vi } from 'vitest'
import { readAmountInput } from '@exchange/shared/money'
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
  afterEach(() => vi.restoreAllMocks())

  function browserLanguages(languages: string[]) {
    return vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages)
  }

  it("follow the browser's first language", () => {
    browserLanguages(['de-DE', 'en'])
    const separators = customerNumberSeparators()
    expect(readAmountInput('1.000', separators)).toEqual({ kind: 'amount', value: '1000' })
    expect(readAmountInput('1,000', separators)).toEqual({ kind: 'amount', value: '1.000' })
  })

  it("ask for the browser's language (and its number format) only when an amount reads either way, and once", () => {
    const languages = browserLanguages(['de-CH'])
    const separators = customerNumberSeparators()
    const readings = ['100', '100,50', '1.000,50', '12.5'].map((typed) => readAmountInput(typed, separators))
    expect(readings).toEqual([
      { kind: 'amount', value: '100' },
      { kind: 'amount', value: '100.50' },
      { kind: 'amount', value: '1000.50' },
      { kind: 'amount', value: '12.5' },
    ])
    expect(languages).not.toHaveBeenCalled()

    // Swiss German writes 1'000.50: a comma before three digits is neither its decimal nor its group separator.
    expect(readAmountInput('1,000', separators)).toEqual({ kind: 'ambiguous', separator: ',' })
    expect(readAmountInput('1.000', separators)).toEqual({ kind: 'amount', value: '1.000' })
    expect(languages).toHaveBeenCalledTimes(1)
  })
})
