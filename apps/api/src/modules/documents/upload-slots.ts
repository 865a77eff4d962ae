import { AppError } from '../../errors'

/** Uploads that may wait for a turn in one process; more are refused at once. */
export const UPLOADS_WAITING = 200

/** How long a refused upload is asked to wait before it is sent again. */
const RETRY_AFTER_SECONDS = 5

export interface UploadSlotLimits {
  /** Uploads one customer may send at once; more are refused at once. */
  perCustomer: number
  /** Uploads this process reads at once; more wait their turn, their bodies unread, so they hold no memory. */
  total: number
  /** How many may wait for a turn, and how long; past either they are refused with Retry-After. */
  maxWaiting: number
  maxWaitMs: number
}

/**
 * The turns of uploads in this process (decision 078). An upload holds at most its own file in memory while it is
 * read and checked, so the number read at once bounds the memory all uploads take, however many are sent.
 */
export function createUploadSlots(limits: UploadSlotLimits) {
  const byCustomer = new Map<string, number>()
  const waiting: { grant: () => void; timer: NodeJS.Timeout }[] = []
  let active = 0

  const busy = () => new AppError('uploads_busy', 503, { retryAfterSeconds: RETRY_AFTER_SECONDS })

  function release(customerId: string) {
    const held = (byCustomer.get(customerId) ?? 1) - 1
    if (held > 0) byCustomer.set(customerId, held)
    else byCustomer.delete(customerId)
    const next = waiting.shift()
    if (next) {
      clearTimeout(next.timer)
      next.grant()
    } else active -= 1
  }

  /** Waits for a turn; answers the function that gives it back. Refuses at once when the customer already has theirs. */
  async function acquire(customerId: string): Promise<() => void> {
    const held = byCustomer.get(customerId) ?? 0
    if (held >= limits.perCustomer) throw new AppError('uploads_busy', 429, { retryAfterSeconds: RETRY_AFTER_SECONDS })
    byCustomer.set(customerId, held + 1)
    let released = false
    const slot = () => {
      if (released) return
      released = true
      release(customerId)
    }
    if (active < limits.total) {
      active += 1
      return slot
    }
    if (waiting.length >= limits.maxWaiting) {
      byCustomer.set(customerId, held)
      if (held === 0) byCustomer.delete(customerId)
      throw busy()
    }
    // A turn passes from the upload that ends to the one that waited longest, without `active` going down.
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => resolve(slot),
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1)
          const now = (byCustomer.get(customerId) ?? 1) - 1
          if (now > 0) byCustomer.set(customerId, now)
          else byCustomer.delete(customerId)
          reject(busy())
        }, limits.maxWaitMs),
      }
      waiting.push(entry)
    })
  }

  return { acquire }
}

export type UploadSlots = ReturnType<typeof createUploadSlots>
