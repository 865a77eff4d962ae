import { describe, expect, it } from 'vitest'
import { backoff } from './postgres-connections'

describe('the waits before a connection is tried again', () => {
  it('double from the first up to the longest, with up to a quarter more at random, and start over after a success', () => {
    const none = backoff(250, 5_000, () => 0)
    expect([1, 2, 3, 4, 5, 6, 7].map(() => none.next())).toEqual([250, 500, 1_000, 2_000, 4_000, 5_000, 5_000])
    expect(none.failures).toBe(7)
    none.reset()
    expect(none.next()).toBe(250)

    const most = backoff(250, 5_000, () => 1)
    expect([1, 2, 3, 4, 5, 6].map(() => most.next())).toEqual([313, 625, 1_250, 2_500, 5_000, 6_250])
  })
})
