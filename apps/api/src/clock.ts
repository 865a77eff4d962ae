export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/**
 * A clock that runs with its base and can be moved forward, never back: the test controls' server clock, so an e2e
 * journey can pass the 24-hour UK cooling-off without waiting (NODE_ENV=test only, decision 041).
 */
export function createMovableClock(base: Clock): Clock & { advance(ms: number): void } {
  let offsetMs = 0
  return {
    now: () => new Date(base.now().getTime() + offsetMs),
    advance(ms) {
      offsetMs += ms
    },
  }
}
