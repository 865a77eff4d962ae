import type { OrderStatus } from '@exchange/shared/order-rules'
import type { Database } from '../../db/client'
import type { OrderRow } from '../orders/orders.service'
import { SECURITY_HOLD_STEP } from '@exchange/shared/payout-hold'
import type { FulfilmentDeps, PayoutStep } from './fulfilment-deps'
import { coinsOf, emailOf } from './order-notices'

/** What the customer and the trail are told of a wait: the step they owe, or the hold on a new wallet (decision 126). */
function waitOf(order: OrderRow, owed: PayoutStep) {
  const coins = coinsOf(order)
  if (owed.hold) {
    const { until, reason } = owed.hold
    return {
      entry: { kind: 'payout_held', wallet: order.wallet, until: until.toISOString(), reason } as const,
      mail: {
        kind: 'payout_held_after_security_change',
        ...coins,
        wallet: order.wallet,
        until,
        reason,
        link: owed.link,
      } as const,
    }
  }
  return {
    entry: { kind: 'payout_waits', what: owed.what, link: owed.link } as const,
    mail: {
      kind: 'payout_waits_for_checks',
      ...coins,
      what: owed.what,
      link: owed.link,
      step: owed.step,
      wallet: order.wallet,
    } as const,
  }
}

/** Tells the customer (mail) why the payout of `order` waits; the caller writes the trail. */
async function mailWait(
  { orderMail }: Pick<FulfilmentDeps, 'orderMail'>,
  tx: Database,
  order: OrderRow,
  event: ReturnType<typeof waitOf>['mail'],
): Promise<void> {
  const email = await emailOf(tx, order.customerId)
  if (email) await orderMail.send({ to: email, reference: order.reference, event }, tx)
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null)

/**
 * A paid order whose customer still owes a step before its payout (decisions 033, 039), or whose new wallet is held
 * after a security change (decision 126), waits in `awaiting_checks`; nothing is bought until then. The customer is
 * told by e-mail and on the order's timeline what to do and where (or until when it waits), once per step: when a
 * waiting order comes to owe another step, or its hold is moved later by another change, that one is told too.
 */
export async function holdForChecks(deps: FulfilmentDeps, order: OrderRow, owed: PayoutStep): Promise<OrderStatus> {
  const { db, orderService } = deps
  const until = owed.hold?.until ?? null
  if (
    order.status === 'awaiting_checks' &&
    order.payoutWaitsFor === owed.step &&
    sameTime(order.payoutHeldUntil, until)
  )
    return 'awaiting_checks'
  const wait = waitOf(order, owed)
  const held = await db.transaction(async (tx) => {
    // The step first, then the status: a partner's notice of the change names the step the payout waits for.
    let row = await orderService.setPayoutWaitsFor(tx, order.id, owed.step, until)
    if (order.status === 'awaiting_checks') await orderService.recordOrderNote(tx, row, wait.entry, 'system')
    else row = await orderService.applyTransition(tx, row, 'awaiting_checks', wait.entry, 'system')
    await mailWait(deps, tx, order, wait.mail)
    return row
  })
  return held.status
}

/**
 * The last look before coins leave (decision 126), in the transaction that marks the withdrawal as asked for: the
 * customer's row taken (shared), so a security change commits wholly before or after it. A hold found here (a change
 * made after the gate let the order through) keeps the bought order `processing` without a withdrawal: the customer is
 * told once per hold, and the settlement sweep sends it once the hold has passed. Answers whether it may go.
 */
export async function markWithdrawalUnlessHeld(deps: FulfilmentDeps, current: OrderRow): Promise<boolean> {
  const { db, clock, orderService, securityHoldAtWithdrawal } = deps
  return db.transaction(async (tx) => {
    const hold = securityHoldAtWithdrawal ? await securityHoldAtWithdrawal(tx, current.customerId, current) : null
    if (!hold) {
      await orderService.setWithdrawalRequested(tx, current.id, clock.now())
      return true
    }
    if (!sameTime(current.payoutHeldUntil, hold.until)) {
      const wait = waitOf(current, { step: SECURITY_HOLD_STEP, what: '', link: hold.link, hold })
      const row = await orderService.setPayoutWaitsFor(tx, current.id, null, hold.until)
      await orderService.recordOrderNote(tx, row, wait.entry, 'system')
      await mailWait(deps, tx, current, wait.mail)
    }
    return false
  })
}

/** The customer owes nothing more: an order waiting for checks is paid again and no longer waits for a step. */
export async function releaseFromChecks(
  { db, orderService }: Pick<FulfilmentDeps, 'db' | 'orderService'>,
  order: OrderRow,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const ended = order.payoutWaitsFor === SECURITY_HOLD_STEP ? 'payout_hold_ended' : 'checks_done'
    const resumed = await orderService.applyTransition(tx, order, 'paid', { kind: ended }, 'system')
    return orderService.setPayoutWaitsFor(tx, resumed.id, null, null)
  })
}
