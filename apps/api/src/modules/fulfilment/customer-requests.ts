import { isPaid, type OrderStatus } from '@exchange/shared/order-rules'
import { AppError } from '../../errors'
import type { FulfilmentDeps } from './fulfilment-deps'
import { statusOf, withSettlementLease } from './settlement-lease'
import { settleHeld, settlePaidOrder } from './settlement'

/** `orderLpToBroker`: the customer's own paid order goes to the liquidity provider (once). */
export async function sendOwnOrderToBroker(
  deps: FulfilmentDeps,
  customerId: string,
  reference: string,
): Promise<OrderStatus> {
  const order = await deps.orderService.findOwnOrder(deps.db, customerId, reference)
  if (!isPaid(order.status)) throw new AppError('transition_not_allowed')
  return settlePaidOrder(deps, order.id)
}

/** `orderSetWallet`: the wallet of a paid order that had none; delivery resumes at once. */
export async function giveWalletOfPaidOrder(
  deps: FulfilmentDeps,
  customerId: string,
  reference: string,
  wallet: string,
): Promise<OrderStatus> {
  const order = await deps.orderService.setWalletOfPaidOrder(customerId, reference, wallet)
  return settlePaidOrder(deps, order.id)
}

/**
 * `orderChangeWallet` (decision 085): the customer whose payout waits sends the order to another wallet they proved
 * for it, instead of waiting (e.g. for an exchange address that cannot sign). Only while nothing was bought
 * (`awaiting_checks`), under the order's lease; delivery resumes at once when nothing else is owed.
 */
export async function chooseWalletOfWaitingOrder(
  deps: FulfilmentDeps,
  customerId: string,
  reference: string,
  typed: string,
): Promise<OrderStatus> {
  const { db, orderService, isWalletProven } = deps
  const own = await orderService.findOwnOrder(db, customerId, reference)
  const wallet = typed.trim()
  const run = await withSettlementLease(deps, own.id, async (order) => {
    if (order.status !== 'awaiting_checks') throw new AppError('transition_not_allowed')
    if (!(await isWalletProven(customerId, order.crypto, wallet, order.reference)))
      throw new AppError('wallet_not_proven')
    const changed = await db.transaction((tx) => orderService.changeWalletOfWaitingOrder(tx, order, wallet))
    return settleHeld(deps, changed)
  })
  if (!run.held) return run.result
  throw new AppError((await statusOf(deps, own.id)) === 'awaiting_checks' ? 'order_busy' : 'transition_not_allowed')
}
