import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { rates } from '../../db/tables/modules/rates'

const CACHE_MS = 1_000

export type StoredRates = ReturnType<typeof createStoredRates>

/** The stored rows, read at most once a second and once at a time: the process-long cache of the rates module. */
export function createStoredRates({ db, clock }: { db: Database; clock: Clock }) {
  let cache: { rows: (typeof rates.$inferSelect)[]; readAt: number } | undefined
  // The read under way: every call that finds the rows old meanwhile waits for it instead of reading them again.
  let reading: Promise<(typeof rates.$inferSelect)[]> | undefined
  let stored = 0

  async function rows() {
    const now = clock.now().getTime()
    if (cache && now - cache.readAt >= 0 && now - cache.readAt < CACHE_MS) return cache.rows
    if (!reading) {
      const started = stored
      const read = db
        .select()
        .from(rates)
        .then((rows) => {
          // Rows read before the latest store are answered to the calls that waited, but not kept.
          if (stored === started) cache = { rows, readAt: now }
          return rows
        })
        .finally(() => {
          if (reading === read) reading = undefined
        })
      reading = read
    }
    return reading
  }

  /** New prices were stored: the kept rows, and a read begun before, are old. */
  function changed() {
    cache = undefined
    reading = undefined
    stored += 1
  }

  return { rows, changed }
}
