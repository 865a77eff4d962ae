import { and, desc, eq, gte, inArray, max, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { FIAT_DECIMALS } from '@exchange/shared/currencies'
import { sumAmounts } from '@exchange/shared/money'
import { JourneyStepId, payoutStepScreen } from '@exchange/shared/journey-steps'
import { OPEN_STATUSES, PAID_STATUSES, type OrderStatus } from '@exchange/shared/order-rules'
import type { GrossData } from '@exchange/shared/accounts.schemas'
import type { ChangeFeed } from '../../db/change-feed'
import { type Database, type DatabaseHandle, keepPlanned } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import { orders } from '../../db/tables/modules/orders'
import { signedAgreements } from '../../db/tables/modules/agreement'
import type { Clock } from '../../clock'
import { AppError } from '../../errors'
import type { TradingConfig } from '../../trading'
import { methodNameOf, toOrderSummary } from '../orders/orders.service'

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
/** The orders getGross reads: the open ones, and the paid ones waiting for a step of the customer's (decision 087). */
const SHOWN_STATUSES: OrderStatus[] = [...OPEN_STATUSES, 'awaiting_checks']

interface Reading {
  answer: Promise<GrossData>
  /** A change to the customer was announced after this read began: its answer may miss it, so it is not kept. */
  stale: boolean
}

/**
 * `getGross` in one prepared statement, one round trip: the customer's details, one row per open order and per paid
 * order waiting for the customer (newest first), and the fiat amounts paid under the agreement in force since its
 * signature (decision 044), which are added here as `pendingBalance` is.
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
  const paid = alias(orders, 'paid')
  const signedAt = db
    .select({ at: max(signedAgreements.signedAt) })
    .from(signedAgreements)
    .where(
      and(
        eq(signedAgreements.customerId, customers.id),
        eq(signedAgreements.agreementVersion, sql.placeholder('agreementVersion')),
      ),
    )
  const paidUnderAgreement = db
    .select({ amounts: sql<string | null>`string_agg(${paid.fiatAmount}::text, ',')` })
    .from(paid)
    .where(
      and(
        eq(paid.customerId, customers.id),
        inArray(paid.status, [...PAID_STATUSES]),
        gte(paid.createdAt, sql`(${signedAt})`),
      ),
    )
  const statement = db
    .select({
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      paidUnderAgreement: sql<string | null>`(${paidUnderAgreement})`,
      order: orders,
    })
    .from(customers)
    .leftJoin(orders, and(eq(orders.customerId, customers.id), inArray(orders.status, SHOWN_STATUSES)))
    .where(eq(customers.id, sql.placeholder('customerId')))
    .orderBy(desc(orders.createdAt))
    .prepare('get_gross')
  keepPlanned(db, statement)

  async function read(customerId: string): Promise<GrossData> {
    const rows = await statement.execute({ customerId, agreementVersion })
    const [first] = rows
    if (!first) throw new AppError('unauthorized', 401)
    const shown = rows.flatMap((row) => (row.order ? [row.order] : []))
    const open = shown.filter((order) => order.status !== 'awaiting_checks')
    const waitingOrders = shown.flatMap((order) => {
      const step = JourneyStepId.safeParse(order.payoutWaitsFor)
      if (order.status !== 'awaiting_checks' || !step.success) return []
      const waitsFor = { step: step.data, screen: payoutStepScreen(step.data, order.reference) }
      return [{ order: toOrderSummary(order, methodNameOf(order, trading)), waitsFor }]
    })
    const awaiting = open.filter((order) => order.status === 'awaiting_payment').map((order) => order.fiatAmount)
    return {
      details: { firstName: first.firstName, lastName: first.lastName, email: first.email },
      userName: first.email,
      pendingBalance: sumAmounts(awaiting, FIAT_DECIMALS),
      agreementSum: sumAmounts(first.paidUnderAgreement?.split(',') ?? [], FIAT_DECIMALS),
      openOrder: open.map((order) => toOrderSummary(order, methodNameOf(order, trading))),
      waitingOrders,
    }
  }

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
