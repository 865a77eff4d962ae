import { and, eq } from 'drizzle-orm'
import { PAID_STATUSES } from '@exchange/shared/order-rules'
import { isValidWalletAddress } from '@exchange/shared/wallet-addresses'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import type { Database } from '../../db/client'
import { orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import { findOwnOrder, lockOrder } from './order-rows'
import { recordOrderNote } from './order-trail'
import type { OrderRow, OrderServiceDeps } from './orders-deps'

/**
 * `orderSetWallet`: the wallet of an order that has none, with the same checks as at initiation: a paid one, so that
 * delivery can resume, or one not yet paid, whose payment waits for a proven wallet (decision 080).
 */
export async function setWalletOfPaidOrder(
  deps: Pick<OrderServiceDeps, 'db' | 'clock'>,
  customerId: string,
  reference: string,
  input: string,
): Promise<OrderRow> {
  return deps.db.transaction(async (tx) => {
    const found = await findOwnOrder(tx, customerId, reference)
    const order = (await lockOrder(tx, found.id))!
    const takesWallet = order.status === 'initiated' || (PAID_STATUSES as readonly string[]).includes(order.status)
    if (!takesWallet || order.status === 'completed') throw new AppError('transition_not_allowed')
    if (order.wallet !== PLACEHOLDER_WALLET) throw new AppError('transition_not_allowed')
    const wallet = input.trim()
    if (!isValidWalletAddress(order.crypto, wallet)) throw new AppError('wallet_invalid')
    const [updated] = await tx
      .update(orders)
      .set({ wallet, updatedAt: deps.clock.now() })
      .where(eq(orders.id, order.id))
      .returning()
    await recordOrderNote(deps, tx, updated!, { kind: 'wallet_given', wallet }, 'customer')
    return updated!
  })
}

/**
 * The way out of a payout held for checks (decision 085): the order goes to another wallet. Only while nothing was
 * bought for it; the caller holds the order's settlement lease and has checked that the wallet is proven.
 */
export async function changeWalletOfWaitingOrder(
  deps: Pick<OrderServiceDeps, 'clock'>,
  tx: Database,
  order: OrderRow,
  wallet: string,
): Promise<OrderRow> {
  if (!isValidWalletAddress(order.crypto, wallet)) throw new AppError('wallet_invalid')
  const [updated] = await tx
    .update(orders)
    .set({ wallet, updatedAt: deps.clock.now() })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'awaiting_checks')))
    .returning()
  if (!updated) throw new AppError('transition_not_allowed')
  await recordOrderNote(deps, tx, updated, { kind: 'wallet_changed', wallet, was: order.wallet }, 'customer')
  return updated
}
