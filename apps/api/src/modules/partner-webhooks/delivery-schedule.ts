/**
 * The waits after each failed try of a notice, in seconds: growing, about 77.6 hours in all (at least 72, decision
 * 115). The try after the last wait is the last one: when it fails too the notice is given up.
 */
export const RETRY_WAITS_SECONDS = [
  5,
  5 * 60,
  30 * 60,
  2 * 3600,
  5 * 3600,
  10 * 3600,
  10 * 3600,
  10 * 3600,
  10 * 3600,
  10 * 3600,
  10 * 3600,
  10 * 3600,
] as const

/** Tries in all: the first and one after each wait. */
export const MAX_ATTEMPTS = RETRY_WAITS_SECONDS.length + 1

/** When to try again after `attempts` failed tries, or null when the notice is given up. */
export function nextAttemptAfter(attempts: number, now: Date): Date | null {
  const wait = RETRY_WAITS_SECONDS[attempts - 1]
  return wait === undefined ? null : new Date(now.getTime() + wait * 1000)
}

/** Notices of one partner being sent at once, at most: an endpoint that hangs holds these, never every worker. */
export const IN_FLIGHT_PER_PARTNER = 4

/** Longest a try may take (answer included); a shorter lease (tests) gives a try a third of it. */
export function attemptTimeoutMs(leaseSeconds: number): number {
  return Math.min(10_000, Math.floor((leaseSeconds * 1000) / 3))
}
