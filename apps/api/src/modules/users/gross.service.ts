import type { GrossData } from '@exchange/shared/accounts.schemas'
import type { ChangeFeed } from '../../db/change-feed'
import type { Database, DatabaseHandle } from '../../db/client'
import type { Clock } from '../../clock'
import type { TradingConfig } from '../../trading'
import { prepareGrossStatement, readGross } from './gross-read'

export type GrossService = ReturnType<typeof createGrossService>

/** The channel the database announces a changed customer on (migration 0019). */
export const CUSTOMER_CHANGED = 'customer_changed'
/**
 * The longest an answer is kept (decision 058). Every change is announced, so this bounds only what nothing known
 * would announce: a change made with the triggers disabled, say.
 */
export const GROSS_CACHE_MS = 60_000
/** The most answers kept at once; beyond it the answer kept longest ago is forgotten. */
const GROSS_CACHE_ENTRIES = 10_000

interface Reading {
  answer: Promise<GrossData>
  /** A change to the customer was announced after this read began: its answer may miss it, so it is not kept. */
  stale: boolean
}

/**
 * The customer's getGross answer (gross-read.ts), kept per customer in this closure, the process-long heart of the
 * module (decision 107), until a change to that customer is announced.
 */
export function createGrossService({
  db,
  clock,
  trading,
  agreementVersion,
  maxKept = GROSS_CACHE_ENTRIES,
}: {
  db: Database
  clock: Clock
  trading: TradingConfig
  agreementVersion: string
  /** Tests keep a few; the default bounds the memory a process gives to kept answers. */
  maxKept?: number
}) {
  const read = readGross.bind(null, { trading, statement: prepareGrossStatement(db, agreementVersion) })

  // Answers kept per customer until a change to that customer is announced (decision 058), the oldest forgotten first.
  const kept = new Map<string, { answer: GrossData; until: number }>()
  const reading = new Map<string, Reading>()
  let feed: ChangeFeed | undefined

  function forget(customerId: string) {
    kept.delete(customerId)
    const inFlight = reading.get(customerId)
    if (inFlight) inFlight.stale = true
  }

  function forgetAll() {
    kept.clear()
    for (const inFlight of reading.values()) inFlight.stale = true
  }

  /**
   * The customer's answer as of this call: every change committed before the call arrived is in it. A kept answer is
   * used once the change feed has caught up with everything committed before the call; calls arriving while the
   * customer is being read share that read unless a change was announced since it began.
   */
  async function gross(customerId: string): Promise<GrossData> {
    if (!feed || !(await feed.caughtUp())) return read(customerId)
    const hit = kept.get(customerId)
    if (hit && hit.until > clock.now().getTime()) return hit.answer
    const inFlight = reading.get(customerId)
    if (inFlight && !inFlight.stale) return inFlight.answer
    const started = clock.now().getTime()
    const current: Reading = {
      stale: false,
      answer: read(customerId).then(
        (answer) => {
          if (reading.get(customerId) === current) reading.delete(customerId)
          if (!current.stale) {
            kept.delete(customerId)
            kept.set(customerId, { answer, until: started + GROSS_CACHE_MS })
            if (kept.size > maxKept) kept.delete(kept.keys().next().value!)
          }
          return answer
        },
        (error: unknown) => {
          if (reading.get(customerId) === current) reading.delete(customerId)
          throw error
        },
      ),
    }
    reading.set(customerId, current)
    return current.answer
  }

  return {
    gross,
    /** Keeps answers from now on, each until the database announces a change to its customer. */
    async followChanges(database: DatabaseHandle) {
      feed = await database.listen(CUSTOMER_CHANGED, { onChange: forget, onReset: forgetAll })
    },
    async close() {
      const closing = feed
      feed = undefined
      forgetAll()
      await closing?.close()
    },
  }
}
