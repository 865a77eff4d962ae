import type { Clock } from '../../src/clock'

/** A clock that stands still until a test moves it. */
export function createTestClock(
  start = new Date('2026-11-22T09:00:00Z'),
): Clock & { advance(ms: number): void; set(date: Date): void } {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms
    },
    set(date) {
      current = date.getTime()
    },
  }
}
