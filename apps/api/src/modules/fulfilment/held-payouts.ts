import type { OrderStatus } from '@exchange/shared/order-rules'
import type { OrderRow } from '../orders/orders.service'
import type { FulfilmentDeps, PayoutStep } from './fulfilment-deps'
import { coinsOf, emailOf } from './order-notices'

/**
 * A paid order whose customer still owes a step before its payout (decisions 033, 039) waits in `awaiting_checks`;
 * nothing is bought until the step is done. The customer is told by e-mail and on the order's timeline what to do
 * and where, once per step: when a waiting order comes to owe another step (identity passed, the wallet is still to
 * be proven), that one is told too.
 */
export async function holdForChecks(
  { db, orderService, orderMail }: FulfilmentDeps,
  order: OrderRow,
  owed: PayoutStep,
): Promise<OrderStatus> {
  if (order.status === 'awaiting_checks' && order.payoutWaitsFor === owed.step) return 'awaiting_checks'
  const waits = { kind: 'payout_waits', what: owed.what, link: owed.link } as const
  const held = await db.transaction(async (tx) => {
    // The step first, then the status: a partner's notice of the change names the step the payout waits for.
    let row = await orderService.setPayoutWaitsFor(tx, order.id, owed.step)
    if (order.status === 'awaiting_checks') await orderService.recordOrderNote(tx, row, waits, 'system')
    else row = await orderService.applyTransition(tx, row, 'awaiting_checks', waits, 'system')
    const email = await emailOf(tx, order.customerId)
    if (email)
      await orderMail.send(
        {
          to: email,
          reference: order.reference,
          event: { kind: 'payout_waits_for_checks', coins: coinsOf(order), what: owed.what, link: owed.link },
        },
        tx,
      )
    return row
  })
  return held.status
}

/** The customer owes nothing more: an order waiting for checks is paid again and no longer waits for a step. */
export async function releaseFromChecks(
  { db, orderService }: Pick<FulfilmentDeps, 'db' | 'orderService'>,
  order: OrderRow,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const resumed = await orderService.applyTransition(tx, order, 'paid', { kind: 'checks_done' }, 'system')
    return orderService.setPayoutWaitsFor(tx, resumed.id, null)
  })
}
