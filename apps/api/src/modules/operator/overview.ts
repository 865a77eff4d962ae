import { asc, desc, eq, getTableColumns } from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client'
import { countInAll } from '../../db/queue-size'
import { customers } from '../../db/tables/modules/customers'
import { operatorActions } from '../../db/tables/modules/operator'
import { orders } from '../../db/tables/modules/orders'
import { refunds } from '../../db/tables/modules/refunds'
import { pendingFourEyes } from './four-eyes'
import type { OperatorServiceDeps } from './operator-deps'
import { customersUnderReview } from './under-review'

/** Orders with their reference, amount and customer's address, and the further columns a list asks for. */
function ordersWithCustomer<Columns extends SelectedFields>(db: Database, columns: Columns) {
  return db
    .select({
      reference: orders.reference,
      email: customers.email,
      fiat: orders.fiat,
      fiatAmount: orders.fiatAmount,
      ...columns,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
}

/** The newest orders with their customer's address. */
function recentOrders(db: Database) {
  return ordersWithCustomer(db, {
    status: orders.status,
    crypto: orders.crypto,
    cryptoAmount: orders.cryptoAmount,
    method: orders.methodGroup,
    createdAt: orders.createdAt,
  })
    .orderBy(desc(orders.createdAt))
    .limit(100)
}

/** Refunds recorded and not yet sent, newest first (or oldest first, as a queue), with their order's reference. */
export function pendingRefunds(db: Database, first: 'newest' | 'oldest' = 'newest') {
  return db
    .select({
      ...getTableColumns(refunds),
      orderReference: orders.reference,
      customerId: orders.customerId,
      waiting: countInAll(),
    })
    .from(refunds)
    .leftJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.status, 'pending'))
    .orderBy(first === 'newest' ? desc(refunds.createdAt) : asc(refunds.createdAt))
    .limit(100)
}

/**
 * Paid orders whose payout waits for a step the customer owes (decision 039) or for the hold on a new wallet after a
 * security change, with its end (decision 126), oldest first.
 */
export function awaitingChecks(db: Database) {
  return ordersWithCustomer(db, {
    customerId: orders.customerId,
    waiting: countInAll(),
    step: orders.payoutWaitsFor,
    heldUntil: orders.payoutHeldUntil,
    since: orders.updatedAt,
  })
    .where(eq(orders.status, 'awaiting_checks'))
    .orderBy(asc(orders.updatedAt))
    .limit(100)
}

/** Everything the operator page lists: what waits for a person, the recent orders and the operators' own log. */
export async function overview(deps: OperatorServiceDeps) {
  const { db, moneyIn, dueDiligence } = deps
  const recent = await recentOrders(db)
  const held = await moneyIn.heldTransfers()
  const refundsToSend = await pendingRefunds(db)
  const actions = await db.select().from(operatorActions).orderBy(desc(operatorActions.id)).limit(50)
  const withdrawalsToCheck = await moneyIn.withdrawalsToCheck()
  const enhancedChecks = await dueDiligence.enhancedChecksToReview()
  // Payments soon after a change of name are held (decision 034); every change is listed here for the review.
  const nameChanges = await deps.customers.recentNameChanges()
  const awaiting = await awaitingChecks(db)
  const underReview = await customersUnderReview(deps, enhancedChecks, awaiting)
  const fourEyes = await pendingFourEyes(deps)
  return {
    fourEyes,
    refundAbove: deps.fourEyes.refundAbove,
    underReview,
    recentOrders: recent,
    held,
    pendingRefunds: refundsToSend,
    withdrawalsToCheck,
    enhancedChecks,
    nameChanges,
    awaitingChecks: awaiting,
    actions,
  }
}
