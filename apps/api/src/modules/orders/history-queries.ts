import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { orders } from '../../db/tables/modules/orders'
import { HISTORY_COUNT_CAP } from '@exchange/shared/orders.schemas'

/**
 * How far the history counts a customer's orders (decision 053). Counting every order of a customer with 100,000 of
 * them reads 100,000 index entries (about 70 ms); counting to just over this reads at most a thousand (under 1 ms).
 * A customer with more is told "more than 1,000".
 */
export { HISTORY_COUNT_CAP }

/** Where a page of the history starts: after an order the customer saw (keyset), or at a page number (offset). */
export interface HistoryPageAt {
  page: number
  pageSize: number
  /** The order just before the page, newest first: the page holds the orders older than it. */
  afterOrderId?: string
}

/**
 * One page of the customer's orders, newest first, with one order more than the page to tell whether another page
 * follows. Read along `orders_customer_created_idx` (customer, created) from its newest end: after an order the page
 * starts at that order's place in the index, so page 10,000 costs what page 1 does; at a page number the orders
 * before it are read and skipped, which only the first pages of the history afford.
 */
export function historyPageQuery(db: Database, customerId: string, at: HistoryPageAt) {
  const mine = eq(orders.customerId, customerId)
  const query = db
    .select()
    .from(orders)
    .where(
      at.afterOrderId
        ? and(
            mine,
            // The row comparison keeps orders made in the same instant apart by id; the anchor's time is read in the
            // database, so no precision is lost on the way through JavaScript.
            sql`(${orders.createdAt}, ${orders.id}) < (select anchor.created_at, anchor.id from ${orders} as anchor where anchor.id = ${at.afterOrderId})`,
          )
        : mine,
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(at.pageSize + 1)
  return at.afterOrderId ? query : query.offset((at.page - 1) * at.pageSize)
}

/** The customer's orders counted up to one past `HISTORY_COUNT_CAP`, along the same index. */
export function historyCountQuery(db: Database, customerId: string) {
  const counted = db
    .select({ one: sql`1` })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .limit(HISTORY_COUNT_CAP + 1)
    .as('counted')
  return db.select({ value: count() }).from(counted)
}
