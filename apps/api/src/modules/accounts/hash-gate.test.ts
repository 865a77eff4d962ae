import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '../../errors'
import { BUSY_RETRY_AFTER_SECONDS, createHashGate } from './hash-gate'

/** A hash the test finishes by hand, so that what runs at once is decided by the gate alone. */
function heldHash() {
  let finish!: () => void
  const done = new Promise<string>((resolve) => (finish = () => resolve('hash')))
  return { work: () => done, finish }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the password hash gate', () => {
  it('runs at most `concurrency` hashes at once and starts the waiting ones in arrival order', async () => {
    const gate = createHashGate({ concurrency: 2, maxWaitMs: 5_000 })
    const hashes = Array.from({ length: 5 }, heldHash)
    const started: number[] = []
    const results = hashes.map((hash, index) =>
      gate.run(() => {
        started.push(index)
        return hash.work()
      }),
    )
    await vi.advanceTimersByTimeAsync(0)
    expect(started).toEqual([0, 1])
    expect(gate.load).toEqual({ running: 2, waiting: 3 })

    hashes[1]!.finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(started).toEqual([0, 1, 2])
    hashes[0]!.finish()
    hashes[2]!.finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(started).toEqual([0, 1, 2, 3, 4])
    expect(gate.load).toEqual({ running: 2, waiting: 0 })
    hashes[3]!.finish()
    hashes[4]!.finish()
    expect(await Promise.all(results)).toEqual(['hash', 'hash', 'hash', 'hash', 'hash'])
    expect(gate.load).toEqual({ running: 0, waiting: 0 })
  })

  it('answers "busy, try again" to a hash that waited too long, which never runs, and keeps serving the rest', async () => {
    const gate = createHashGate({ concurrency: 1, maxWaitMs: 1_000 })
    const first = heldHash()
    const running = gate.run(first.work)
    let ranLate = false
    const late = gate.run(async () => {
      ranLate = true
      return 'late'
    })
    const refusal = late.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(999)
    expect(gate.load).toEqual({ running: 1, waiting: 1 })
    await vi.advanceTimersByTimeAsync(1)
    const error = await refusal
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({
      code: 'service_unavailable',
      statusCode: 503,
      retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
    })
    expect(gate.load).toEqual({ running: 1, waiting: 0 })

    first.finish()
    expect(await running).toBe('hash')
    expect(ranLate).toBe(false)
    expect(await gate.run(async () => 'next')).toBe('next')
    expect(gate.load).toEqual({ running: 0, waiting: 0 })
  })

  it('frees its place when a hash fails', async () => {
    const gate = createHashGate({ concurrency: 1, maxWaitMs: 1_000 })
    await expect(gate.run(() => Promise.reject(new Error('out of memory')))).rejects.toThrow('out of memory')
    expect(gate.load).toEqual({ running: 0, waiting: 0 })
    expect(await gate.run(async () => 'ok')).toBe('ok')
  })
})
