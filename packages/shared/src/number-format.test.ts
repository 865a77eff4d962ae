import { describe, expect, it } from 'vitest'
import { ENGLISH_NUMBER_STYLE, groupDigits, roundedDigits, writeDecimal, type NumberStyle } from './number-format'

const swiss: NumberStyle = { ...ENGLISH_NUMBER_STYLE, decimal: '.', group: '’' }
const indian: NumberStyle = { ...ENGLISH_NUMBER_STYLE, secondaryGroup: 2 }
const italian: NumberStyle = { ...ENGLISH_NUMBER_STYLE, decimal: ',', group: '.', minimumGroupingDigits: 2 }

describe('writeDecimal (decision 130)', () => {
  it('writes the digits from the string, exactly, however long', () => {
    expect(writeDecimal('123456789012345.67', 2, ENGLISH_NUMBER_STYLE)).toBe('123,456,789,012,345.67')
    expect(writeDecimal('999999999999999.99', 2, swiss)).toBe('999’999’999’999’999.99')
    expect(writeDecimal('0.12345678', 8, swiss)).toBe('0.12345678')
    expect(writeDecimal('21000000.00000001', 8, swiss)).toBe('21’000’000.00000001')
  })

  it('rounds half-up at the decimals, carrying through the whole part', () => {
    expect(writeDecimal('999.995', 2, swiss)).toBe('1’000.00')
    expect(writeDecimal('1.005', 2, swiss)).toBe('1.01')
    expect(writeDecimal('1.00499999', 2, swiss)).toBe('1.00')
    expect(writeDecimal('0.5', 0, swiss)).toBe('1')
    expect(writeDecimal('7', 2, swiss)).toBe('7.00')
    expect(writeDecimal('007.10', 2, swiss)).toBe('7.10')
    expect(writeDecimal('0', 2, swiss)).toBe('0.00')
  })

  it('groups as the style does: India in twos after the first three, Italian 1234 whole', () => {
    expect(groupDigits('1234567', indian)).toBe('12,34,567')
    expect(groupDigits('1234', italian)).toBe('1234')
    expect(groupDigits('12345', italian)).toBe('12.345')
    expect(groupDigits('123', ENGLISH_NUMBER_STYLE)).toBe('123')
  })

  it.each(['', '-1', '1e5', '1,000', '.5', '12.', 'abc'])('writes nothing for %j', (text) => {
    expect(writeDecimal(text, 2, swiss)).toBeUndefined()
    expect(roundedDigits(text, 2)).toBeUndefined()
  })
})
