import { and, eq, isNotNull } from 'drizzle-orm'
import type { OrderStatus } from '@exchange/shared/order-rules'
import { orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import { type OrderRow, settlementLeaseFree } from '../orders/orders.service'
import { completeDelivery } from './delivery'
import type { FulfilmentDeps } from './fulfilment-deps'
import { withSettlementLease } from './settlement-lease'
import { settleHeld } from './settlement'

/**
 * An order whose withdrawal's outcome is unknown and that no run holds: an operator checks it at the exchange. One
 * condition for the list and for one order's file (decision 134), so the two never disagree.
 */
export const withdrawalToCheck = (now: Date) =>
  and(eq(orders.status, 'processing'), isNotNull(orders.withdrawalRequestedAt), settlementLeaseFree(now))

/** Withdrawals whose outcome is unknown, for the operator view. */
export async function withdrawalsToCheck({ db, clock }: FulfilmentDeps) {
  return db
    .select({
      reference: orders.reference,
      crypto: orders.crypto,
      cryptoAmount: orders.cryptoAmount,
      wallet: orders.wallet,
      withdrawalRequestedAt: orders.withdrawalRequestedAt,
    })
    .from(orders)
    .where(withdrawalToCheck(clock.now()))
    .orderBy(orders.withdrawalRequestedAt)
}

/**
 * Runs an operator's decision on a withdrawal of unknown outcome while holding the order: refused when the order
 * has no such withdrawal, or when a run holds it (that run's own answer decides, not a look at the exchange).
 */
async function decideUncheckedWithdrawal(
  deps: FulfilmentDeps,
  reference: string,
  decide: (order: OrderRow) => Promise<OrderStatus>,
): Promise<OrderStatus> {
  const [found] = await deps.db.select({ id: orders.id }).from(orders).where(eq(orders.reference, reference))
  if (!found) throw new AppError('order_not_found')
  const run = await withSettlementLease(deps, found.id, async (order) => {
    if (order.status !== 'processing' || !order.withdrawalRequestedAt) throw new AppError('transition_not_allowed')
    return decide(order)
  })
  if (run.held) throw new AppError('transition_not_allowed')
  return run.result
}

/**
 * The operator found the withdrawal at the exchange: its transaction id completes the order. The customer's trail
 * says "our team"; which operator acted is in the operator actions (decision 076).
 */
export async function recordDelivery(deps: FulfilmentDeps, reference: string, txId: string): Promise<OrderStatus> {
  return decideUncheckedWithdrawal(deps, reference, (order) => completeDelivery(deps, order, txId, 'operator'))
}

/** The operator found no withdrawal at the exchange: it is sent again, now, by the run that holds the order. */
export async function retryWithdrawal(deps: FulfilmentDeps, reference: string): Promise<OrderStatus> {
  const { db, orderService } = deps
  return decideUncheckedWithdrawal(deps, reference, async (order) => {
    const cleared = await db.transaction(async (tx) => {
      const row = await orderService.setWithdrawalRequested(tx, order.id, null)
      await orderService.recordOrderNote(tx, order, { kind: 'withdrawal_sent_again' }, 'operator')
      return row
    })
    return settleHeld(deps, cleared)
  })
}
