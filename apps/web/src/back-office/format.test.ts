import { describe, expect, it } from 'vitest'
import { formatAge, formatAmount, formatTime } from './format'

describe("the back office's formats", () => {
  it('writes an amount from its decimal string, grouped by thousands, never through a float', () => {
    expect(formatAmount({ value: '1200.50', currency: 'EUR' })).toBe('1,200.50 EUR')
    expect(formatAmount({ value: '0.00412300', currency: 'BTC' })).toBe('0.00412300 BTC')
    expect(formatAmount({ value: '12345678901234567.99', currency: 'CHF' })).toBe('12,345,678,901,234,567.99 CHF')
    expect(formatAmount({ value: '-999', currency: 'EUR' })).toBe('-999 EUR')
  })

  it('says how long something waited in the largest unit that fits', () => {
    const now = Date.parse('2026-11-29T12:00:00Z')
    expect(formatAge('2026-11-29T11:48:00Z', now)).toBe('12 min')
    expect(formatAge('2026-11-29T09:00:00Z', now)).toBe('3 h')
    expect(formatAge('2026-11-25T12:00:00Z', now)).toBe('4 d')
    expect(formatAge('2026-11-29T12:05:00Z', now)).toBe('0 min')
  })

  it('writes a time in en-GB and in UTC, and says so', () => {
    expect(formatTime('2026-11-29T19:58:00.000Z')).toBe('29 Nov 2026, 19:58 UTC')
  })
})
