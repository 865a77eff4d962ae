import { eq } from 'drizzle-orm'
import type { OrderStatus } from '@exchange/shared/order-rules'
import { orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import type { OrderRow } from '../orders/orders.service'
import type { FulfilmentDeps } from './fulfilment-deps'

/** How long one settlement run may hold an order: well past the liquidity provider's slowest answer. */
const SETTLEMENT_LEASE_SECONDS = 120

/**
 * Runs `work` while holding the order for it alone, so that two runs (a notice, the customer's `orderLpToBroker`,
 * the retry job, an operator, another process) never buy, withdraw or refund the same order at once. Answers
 * `held` when another run holds it or it is no longer paid or processing. A crashed run's hold lapses after the lease.
 */
export async function withSettlementLease<T>(
  { orderService }: Pick<FulfilmentDeps, 'orderService'>,
  orderId: string,
  work: (order: OrderRow) => Promise<T>,
): Promise<{ held: true } | { held: false; result: T }> {
  const claimed = await orderService.claimSettlementLease(orderId, SETTLEMENT_LEASE_SECONDS)
  if (!claimed) return { held: true }
  try {
    return { held: false, result: await work(claimed) }
  } finally {
    await orderService.releaseSettlementLease(orderId)
  }
}

/** The order's status now, as another run may have left it. */
export async function statusOf({ db }: Pick<FulfilmentDeps, 'db'>, orderId: string): Promise<OrderStatus> {
  const [current] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId))
  if (!current) throw new AppError('order_not_found')
  return current.status
}
