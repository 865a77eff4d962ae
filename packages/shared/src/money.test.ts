import { describe, expect, it } from 'vitest'
import {
  DecimalString,
  compareAmounts,
  customerRate,
  formatAmount,
  normalizeAmountInput,
  quoteForCrypto,
  readAmountInput,
  quoteForFiat,
  roundAmount,
  roundDown,
} from './money'

describe('amount input', () => {
  it('drops thousands commas and surrounding spaces', () => {
    expect(normalizeAmountInput(' 1,250.50 ')).toBe('1250.50')
    expect(normalizeAmountInput('1,000,000')).toBe('1000000')
  })

  it.each(['250', '250.00', '0.00412300', '1000000'])('accepts %s as a decimal string', (value) => {
    expect(DecimalString.safeParse(value).success).toBe(true)
  })

  it.each(['', '-1', '1e5', '1,000', '12.', '.5', 'abc', '0x10', ' 1'])('refuses %j', (value) => {
    expect(DecimalString.safeParse(value).success).toBe(false)
  })
})

describe('formatAmount (spec section 9)', () => {
  it('rounds to the decimals and adds thousands commas', () => {
    expect(formatAmount('12345.678', 2)).toBe('12,345.68')
    expect(formatAmount('1234567.1', 2)).toBe('1,234,567.10')
    expect(formatAmount('999.995', 2)).toBe('1,000.00')
    expect(formatAmount('0.123456789', 8)).toBe('0.12345679')
    expect(formatAmount('42', 0)).toBe('42')
  })

  it('is exact where floats are not', () => {
    expect(formatAmount('0.1', 2)).toBe('0.10')
    expect(roundAmount('1.005', 2)).toBe('1.01')
    expect(roundAmount('0.30000000000000004', 2)).toBe('0.30')
  })

  it('rounds down where asked', () => {
    expect(roundDown('0.123456789', 8)).toBe('0.12345678')
  })

  it('compares amounts as decimals', () => {
    expect(compareAmounts('10.00', '9.99')).toBe(1)
    expect(compareAmounts('10', '10.000')).toBe(0)
    expect(compareAmounts('0.000000001', '0.00000001')).toBe(-1)
  })
})

describe('price math', () => {
  const terms = { mid: '80000.00', spreadBps: 150, feeBps: 100 }

  it('adds the spread to the mid price', () => {
    expect(customerRate(terms, 2)).toBe('81200.0000')
    expect(customerRate({ mid: '0.4567', spreadBps: 150, feeBps: 0 }, 2)).toBe('0.4636')
  })

  it('takes the fee first, then buys at the customer rate, rounding the coin down', () => {
    expect(quoteForFiat('1000', terms, { fiat: 2, crypto: 8 })).toEqual({
      fiatAmount: '1000.00',
      fee: '10.00',
      netFiat: '990.00',
      rate: '81200.0000',
      cryptoAmount: '0.01219211',
    })
  })

  it('rounds the fee up to the cent', () => {
    expect(quoteForFiat('10.01', terms, { fiat: 2, crypto: 8 }).fee).toBe('0.11')
  })

  it('finds the fiat amount that buys at least the crypto asked for', () => {
    const quote = quoteForCrypto('0.01219211', terms, { fiat: 2, crypto: 8 })
    expect(compareAmounts(quote.cryptoAmount, '0.01219211')).toBeGreaterThanOrEqual(0)
    expect(quote.fiatAmount).toBe('1000.00')
  })
})

describe('price helpers', () => {
  it('moves a price by basis points', async () => {
    const { scaleByBps } = await import('./money')
    expect(scaleByBps('100.00', 25, 2)).toBe('100.25')
    expect(scaleByBps('100.00', -25, 2)).toBe('99.75')
  })

  it('multiplies, divides, averages and sums without floats', async () => {
    const { divideAmounts, midOf, multiplyAmounts, sumAmounts } = await import('./money')
    expect(multiplyAmounts('0.1', '0.2', 4)).toBe('0.0200')
    expect(divideAmounts('1', '3', 6)).toBe('0.333333')
    expect(midOf('64000.1', '64000.2', 2)).toBe('64000.15')
    expect(sumAmounts(['0.10', '0.20', '1,000'.replace(',', '')], 2)).toBe('1000.30')
  })
})

describe('readAmountInput (decision 046)', () => {
  const english = { decimal: '.', group: ',' }
  const german = { decimal: ',', group: '.' }
  const french = { decimal: ',', group: '\u202f' }
  const swiss = { decimal: '.', group: '\u2019' }

  it.each([
    ['100,50', '100.50'],
    ['100.50', '100.50'],
    ['1.000,50', '1000.50'],
    ['1,000.50', '1000.50'],
    ["1'000.50", '1000.50'],
    ['1\u2019000.50', '1000.50'],
    ['1 000,50', '1000.50'],
    ['1\u202f000,50', '1000.50'],
    ['1,000,000', '1000000'],
    ['1.000.000,5', '1000000.5'],
    [' 250 ', '250'],
    ['0,125', '0.125'],
    [',5', '0.5'],
  ])('reads %j as %s in every locale', (typed, value) => {
    for (const locale of [english, german, french, swiss])
      expect(readAmountInput(typed, locale)).toEqual({ kind: 'amount', value })
  })

  it('reads a single separator before three digits by the locale', () => {
    expect(readAmountInput('1,000', english)).toEqual({ kind: 'amount', value: '1000' })
    expect(readAmountInput('1.000', german)).toEqual({ kind: 'amount', value: '1000' })
    expect(readAmountInput('1,000', german)).toEqual({ kind: 'amount', value: '1.000' })
    expect(readAmountInput('1.000', english)).toEqual({ kind: 'amount', value: '1.000' })
    expect(readAmountInput('1.000', swiss)).toEqual({ kind: 'amount', value: '1.000' })
  })

  it('calls it ambiguous where the locale uses the separator for neither', () => {
    expect(readAmountInput('1,000', swiss)).toEqual({ kind: 'ambiguous', separator: ',' })
    expect(readAmountInput('1.000', french)).toEqual({ kind: 'ambiguous', separator: '.' })
  })

  it('settles it by the decimal separator only in a field of three decimals or more (decision 130)', () => {
    // A fiat amount has two decimals: "1.000" francs in de-CH is a thousand or a typing slip, never one franc.
    expect(readAmountInput('1.000', swiss, 2)).toEqual({ kind: 'ambiguous', separator: '.' })
    expect(readAmountInput('1,000', german, 2)).toEqual({ kind: 'ambiguous', separator: ',' })
    expect(readAmountInput('100.123', english, 2)).toEqual({ kind: 'ambiguous', separator: '.' })
    // Where the locale groups with it, it is a thousand in any field.
    expect(readAmountInput('1.000', german, 2)).toEqual({ kind: 'amount', value: '1000' })
    expect(readAmountInput('1,000', english, 2)).toEqual({ kind: 'amount', value: '1000' })
    // A coin takes three decimals and more: the locale's decimal separator settles it.
    expect(readAmountInput('1.000', swiss, 8)).toEqual({ kind: 'amount', value: '1.000' })
    expect(readAmountInput('1,000', german, 4)).toEqual({ kind: 'amount', value: '1.000' })
    // Other shapes are never ambiguous: a leading zero, two or four decimals.
    expect(readAmountInput('0.500', swiss, 2)).toEqual({ kind: 'amount', value: '0.500' })
    expect(readAmountInput('1.00', swiss, 2)).toEqual({ kind: 'amount', value: '1.00' })
    expect(readAmountInput('1,0000', german, 2)).toEqual({ kind: 'amount', value: '1.0000' })
  })

  it.each([
    ['250,-', '250'],
    ['250.-', '250'],
    ['250.–', '250'],
    ['250,–', '250'],
    ['250.—', '250'],
    ['250.--', '250'],
    ["1'250.–", '1250'],
    ['1.250,-', '1250'],
    ['1,250.-', '1250'],
    ['1 250,-', '1250'],
    ['0,-', '0'],
  ])('reads the whole-amount notation %j as %s in every locale', (typed, value) => {
    for (const locale of [english, german, french, swiss])
      for (const decimals of [undefined, 2, 8])
        expect(readAmountInput(typed, locale, decimals)).toEqual({ kind: 'amount', value })
  })

  it.each([',-', '-', '250-', '250,---', '250,-5', '1.250.-', '1,250,-', '250,- -', '250;-'])(
    'cannot read %j as a whole amount',
    (typed) => {
      expect(readAmountInput(typed, swiss)).toEqual({ kind: 'unreadable' })
    },
  )

  it.each(['', '   '])('is empty for %j', (typed) => {
    expect(readAmountInput(typed, english)).toEqual({ kind: 'empty' })
  })

  it.each(['abc', '1,00,0', '12.', '1.2.3,4,5', '10 00', '1,000.000.5', '-5', '1e5', '1 000.000,50', '.'])(
    'cannot read %j',
    (typed) => {
      expect(readAmountInput(typed, english)).toEqual({ kind: 'unreadable' })
    },
  )
})

describe('normalizeAmountInput keeps a decimal comma, so the amount is refused rather than misread', () => {
  it.each([
    ['100,50', '100,50'],
    ['1,000', '1000'],
    ['1,000.50', '1000.50'],
    ['10,0000', '10,0000'],
  ])('%j → %j', (typed, normalized) => {
    expect(normalizeAmountInput(typed)).toBe(normalized)
  })
})
