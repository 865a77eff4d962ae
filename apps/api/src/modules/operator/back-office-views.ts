import { type SQL, and, desc, eq, gte, lt } from 'drizzle-orm'
import type { OrderSummary, TrailEntry } from '@exchange/shared/back-office.schemas'
import type { Database } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import { operatorActions } from '../../db/tables/modules/operator'
import { orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'

/** The most trail entries a customer's or an order's file shows, the newest first. */
const TRAIL_SHOWN = 500

/** An amount as the back office's api answers it: the stored decimal string and the currency's code in capitals. */
export const amountOf = (value: string, currency: string) => ({ value, currency: currency.toUpperCase() })

/** An order as a file or a list shows it. */
export function orderSummaryOf(order: typeof orders.$inferSelect): OrderSummary {
  return {
    reference: order.reference,
    status: order.status,
    fiatAmount: amountOf(order.fiatAmount, order.fiat),
    crypto: order.crypto,
    cryptoAmount: order.cryptoAmount,
    method: order.methodGroup ?? 'not chosen',
    createdAt: order.createdAt.toISOString(),
  }
}

/** Trail rows with their order's reference, oldest first or newest first. */
function trailRows(db: Database, where: SQL | undefined) {
  return db
    .select({ action: operatorActions, orderReference: orders.reference })
    .from(operatorActions)
    .leftJoin(orders, eq(orders.id, operatorActions.orderId))
    .where(where)
}

type TrailRow = Awaited<ReturnType<typeof trailRows>>[number]

function entryOf({ action, orderReference }: TrailRow): TrailEntry {
  return {
    id: action.id,
    at: action.createdAt.toISOString(),
    operator: action.operator,
    action: action.action,
    reason: action.reason,
    orderReference,
    customerId: action.customerId,
    detail: action.detail ?? {},
  }
}

/**
 * The trail alone of a customer or of an order by its reference (not a view of personal data: no reason asked, nothing
 * logged); an unknown customer or order is not found.
 */
export async function trailFor(
  deps: { db: Database },
  about: { customerId: string } | { orderReference: string },
): Promise<TrailEntry[]> {
  if ('customerId' in about) {
    const [customer] = await deps.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, about.customerId))
    if (!customer) throw new AppError('not_found', 404)
    return trailOf(deps, { customerId: customer.id })
  }
  const [order] = await deps.db.select({ id: orders.id }).from(orders).where(eq(orders.reference, about.orderReference))
  if (!order) throw new AppError('not_found', 404)
  return trailOf(deps, { orderId: order.id })
}

/** The audit trail of one customer (every row that concerns them, their orders' too) or one order, newest first. */
export async function trailOf(
  { db }: { db: Database },
  about: { customerId: string } | { orderId: string },
): Promise<TrailEntry[]> {
  const where =
    'customerId' in about
      ? eq(operatorActions.customerId, about.customerId)
      : eq(operatorActions.orderId, about.orderId)
  const rows = await trailRows(db, where).orderBy(desc(operatorActions.id)).limit(TRAIL_SHOWN)
  return rows.map(entryOf)
}

/** Every trail entry from `from` (included) to `to` (excluded), oldest first: the auditor's export. */
export async function trailBetween({ db }: { db: Database }, from: Date, to: Date): Promise<TrailEntry[]> {
  const rows = await trailRows(
    db,
    and(gte(operatorActions.createdAt, from), lt(operatorActions.createdAt, to)),
  ).orderBy(operatorActions.id)
  return rows.map(entryOf)
}
