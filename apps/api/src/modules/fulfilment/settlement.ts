import { and, eq, isNull, lt, lte, ne, or } from 'drizzle-orm'
import type { OrderStatus } from '@exchange/shared/order-rules'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import { orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import { type OrderRow, settlementLeaseFree } from '../orders/orders.service'
import { buyOnce, storeFill } from './buying'
import { withdrawBought } from './delivery'
import { SECURITY_HOLD_STEP } from '@exchange/shared/payout-hold'
import type { FulfilmentDeps } from './fulfilment-deps'
import { holdForChecks, releaseFromChecks } from './held-payouts'
import { statusOf, withSettlementLease } from './settlement-lease'

/** The retry job leaves an order alone this long after its last change, so that the run that paid it goes first. */
const SETTLEMENT_RETRY_AFTER_SECONDS = 60
const SETTLEMENT_BATCH = 20

/** Paid → bought from the liquidity provider → delivered. Safe to call again and at the same time: each step happens once. */
export async function settlePaidOrder(deps: FulfilmentDeps, orderId: string): Promise<OrderStatus> {
  const run = await withSettlementLease(deps, orderId, (order) => settleHeld(deps, order))
  return run.held ? statusOf(deps, orderId) : run.result
}

/** The steps of a settlement run, on an order the run holds. */
export async function settleHeld(deps: FulfilmentDeps, order: OrderRow): Promise<OrderStatus> {
  try {
    let current = order
    if (current.status === 'paid' || current.status === 'awaiting_checks') {
      const bought = await buyPaidOrder(deps, order)
      if ('stop' in bought) return bought.stop
      current = bought.order
    }
    return await withdrawBought(deps, order, current)
  } catch (error) {
    if (error instanceof AppError) throw error
    deps.log.error(
      { err: error, order: order.reference },
      'settlement step failed; the order stays where it is for a retry',
    )
    return statusOf(deps, order.id)
  }
}

/**
 * The buying step of a run: a payout still held by a step waits (or goes back, when the step was refused for good);
 * otherwise the coins are bought once and stored. Answers the bought order, or the status the run stops at.
 */
async function buyPaidOrder(
  deps: FulfilmentDeps,
  order: OrderRow,
): Promise<{ stop: OrderStatus } | { order: OrderRow }> {
  let current = order
  const owed = await deps.payoutGate(order.customerId, current)
  // Nothing can ever be delivered to a customer whose check was refused for good: money that came anyway (a
  // payment started before the refusal, a transfer that arrives later) goes back at once, never waits.
  if (owed?.refused)
    return { stop: await deps.refundHeldOrder(current, `the ${owed.step} check before payout was refused`) }
  if (owed) return { stop: await holdForChecks(deps, current, owed) }
  if (current.status === 'awaiting_checks') current = await releaseFromChecks(deps, current)
  const bought = await buyOnce(deps, order)
  if (!bought) return { stop: current.status }
  return { order: await storeFill(deps, order, current, bought) }
}

/**
 * A fact of the customer changed (a check passed): their orders waiting for checks are settled now, each under its
 * own lease, instead of at the next sweep. Answers how many moved on.
 */
export async function resumeOrdersOf(deps: FulfilmentDeps, customerId: string): Promise<number> {
  const waiting = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.status, 'awaiting_checks')))
  let moved = 0
  for (const { id } of waiting) if ((await settlePaidOrder(deps, id)) !== 'awaiting_checks') moved += 1
  return moved
}

/**
 * The retry job: paid orders not yet bought and bought orders not yet sent, left by a failed or interrupted run, and
 * held payouts whose security hold has passed (decision 126; one run per order under its lease, on any process).
 * Withdrawals whose outcome is unknown are not among them; they wait for an operator.
 */
export async function settleWaitingOrders(deps: FulfilmentDeps): Promise<number> {
  const now = deps.clock.now()
  const quietSince = new Date(now.getTime() - SETTLEMENT_RETRY_AFTER_SECONDS * 1000)
  const waiting = await deps.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(
      and(
        or(
          eq(orders.status, 'paid'),
          // A payout held after a security change goes out by itself once its hold has passed (decision 126).
          and(
            eq(orders.status, 'awaiting_checks'),
            eq(orders.payoutWaitsFor, SECURITY_HOLD_STEP),
            lte(orders.payoutHeldUntil, now),
          ),
          and(
            eq(orders.status, 'processing'),
            ne(orders.wallet, PLACEHOLDER_WALLET),
            isNull(orders.withdrawalRequestedAt),
          ),
        ),
        lt(orders.updatedAt, quietSince),
        settlementLeaseFree(now),
      ),
    )
    .orderBy(orders.updatedAt)
    .limit(SETTLEMENT_BATCH)
  let moved = 0
  for (const { id, status } of waiting) {
    if ((await settlePaidOrder(deps, id)) !== status) moved += 1
  }
  return moved
}
