import { eq } from 'drizzle-orm'
import type { OrderStatus } from '@exchange/shared/order-rules'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import { deliveries } from '../../db/tables/modules/fulfilment'
import { LiquidityRefused } from '../../providers/liquidity/liquidity.provider'
import type { OrderRow } from '../orders/orders.service'
import type { FulfilmentDeps } from './fulfilment-deps'
import { markWithdrawalUnlessHeld } from './held-payouts'
import { coinsOf, emailOf } from './order-notices'

/** The coins reached the customer's wallet: the order completes and the customer hears of it with the transaction id. */
export async function completeDelivery(
  { db, clock, orderService, orderMail, liquidity }: FulfilmentDeps,
  order: OrderRow,
  txId: string,
  actor: 'system' | 'operator',
): Promise<OrderStatus> {
  const done = await db.transaction(async (tx) => {
    await tx.update(deliveries).set({ txId, deliveredAt: clock.now() }).where(eq(deliveries.orderId, order.id))
    const delivered = { kind: 'delivered', wallet: order.wallet, txId, foundByOperator: actor === 'operator' } as const
    const completed = await orderService.applyTransition(tx, order, 'completed', delivered, actor)
    const email = await emailOf(tx, order.customerId)
    if (email)
      await orderMail.send(
        {
          to: email,
          reference: order.reference,
          event: {
            kind: 'order_completed',
            ...coinsOf(order),
            wallet: order.wallet,
            txId,
            simulated: liquidity.simulated,
          },
        },
        tx,
      )
    return completed
  })
  return done.status
}

/**
 * Sends the bought coins of `order` (as `current`, the run's latest row) to its wallet, at most once: a withdrawal
 * already asked for and of unknown outcome waits for an operator instead of being sent again.
 */
export async function withdrawBought(deps: FulfilmentDeps, order: OrderRow, current: OrderRow): Promise<OrderStatus> {
  const { db, orderService, liquidity, log } = deps
  if (current.status !== 'processing' || current.wallet === PLACEHOLDER_WALLET) return current.status
  const [delivery] = await db.select().from(deliveries).where(eq(deliveries.orderId, order.id))
  if (delivery?.txId) return current.status
  if (current.withdrawalRequestedAt) {
    // An earlier withdrawal may have left: sending again could pay the customer twice. A person checks the exchange.
    log.error({ order: order.reference }, 'withdrawal outcome unknown; waiting for an operator to check the exchange')
    return current.status
  }
  // The last look at a security hold and the mark that coins are asked for, in one transaction (decision 126).
  if (!(await markWithdrawalUnlessHeld(deps, current))) return current.status
  let txId: string
  try {
    ;({ txId } = await liquidity.withdraw({
      reference: order.reference,
      crypto: order.crypto,
      amount: order.cryptoAmount,
      wallet: current.wallet,
    }))
  } catch (error) {
    // A refusal sent nothing: the next run may try again. Any other failure leaves the outcome unknown.
    if (error instanceof LiquidityRefused) await orderService.setWithdrawalRequested(db, order.id, null)
    throw error
  }
  return await completeDelivery(deps, current, txId, 'system')
}
