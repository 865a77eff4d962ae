import { AppError } from '../../errors'

export interface HashGateOptions {
  /** Hashes that may run at once; the rest wait their turn. */
  concurrency: number
  /** Longest a hash may wait for its turn before the call is answered "busy, try again". */
  maxWaitMs: number
}

/** How long a customer refused for a full queue is asked to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 2

/**
 * Password hashing (argon2id, ~19 MiB and tens of milliseconds of CPU each) is what a burst of logins spends; run
 * unbounded on libuv's four threads it takes every core and every other call waits. The gate lets `concurrency`
 * hashes run at once, queues the rest in arrival order, and refuses a hash that would wait longer than `maxWaitMs`
 * with `service_unavailable` (503, Retry-After): a clear "try again", not a timeout, and nothing was changed.
 */
export function createHashGate({ concurrency, maxWaitMs }: HashGateOptions) {
  let running = 0
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = []

  function next() {
    const turn = waiting.shift()
    if (!turn) return
    clearTimeout(turn.timer)
    turn.start()
  }

  async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      await new Promise<void>((resolve, reject) => {
        const turn = {
          start: resolve,
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(turn), 1)
            reject(new AppError('service_unavailable', 503, { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS }))
          }, maxWaitMs),
        }
        waiting.push(turn)
      })
    } else {
      running += 1
    }
    // A turn handed over by `next` keeps the running count: the finishing hash passes its place on.
    try {
      return await work()
    } finally {
      if (waiting.length > 0) next()
      else running -= 1
    }
  }

  return {
    run,
    /** Hashes running and waiting now (tests and the start-up log). */
    get load() {
      return { running, waiting: waiting.length }
    },
  }
}

export type HashGate = ReturnType<typeof createHashGate>
