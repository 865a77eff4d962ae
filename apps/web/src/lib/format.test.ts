import { describe, expect, it } from 'vitest'
import { formatBps, formatClockTime } from './format'

describe('formatBps', () => {
  it('writes basis points as a percentage with two decimals', () => {
    expect(formatBps(150)).toBe('1.50 %')
    expect(formatBps(5)).toBe('0.05 %')
  })
})

describe('formatClockTime', () => {
  it("writes a moment's time of day on the customer's clock, 24-hour with seconds", () => {
    const afternoon = new Date(2026, 10, 25, 14, 5, 9)
    expect(formatClockTime(afternoon.toISOString())).toBe('14:05:09')
    const justAfterMidnight = new Date(2026, 10, 25, 0, 0, 7)
    expect(formatClockTime(justAfterMidnight.toISOString())).toBe('00:00:07')
  })
})
