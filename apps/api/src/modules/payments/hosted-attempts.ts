import type { OrderTrailEntry } from '@exchange/shared/order-trail'
import { AppError } from '../../errors'
import type { Database } from '../../db/client'
import type { Visitor } from '../../providers/geoip/visitor-country'
import type { OrderRow } from '../orders/orders.service'
import type { HostedPaymentDeps } from './hosted-payment-deps'
import { openPayment, openPaymentMethods } from './payment-records'

const HOSTED_METHODS: readonly string[] = ['card', 'pay_by_bank']

/**
 * An order takes a new card or pay-by-bank attempt while its price holds: when started, or when it awaits only
 * earlier hosted attempts (a checkout the customer left with the back button sends no notice). Whichever attempt
 * succeeds first pays; a later success of another is refunded (decisions 026, 048). An order awaiting a bank
 * transfer does not: that money may already be on its way.
 */
async function assertTakesAttempt({ clock }: Pick<HostedPaymentDeps, 'clock'>, tx: Database, order: OrderRow) {
  if (order.status === 'awaiting_payment') {
    const open = await openPaymentMethods(tx, order.id)
    if (open.some((method) => !HOSTED_METHODS.includes(method))) throw new AppError('transition_not_allowed')
  } else if (order.status !== 'initiated') throw new AppError('transition_not_allowed')
  if (order.priceExpiresAt <= clock.now()) throw new AppError('price_expired')
}

export async function payableOrder(deps: HostedPaymentDeps, customerId: string, reference: string) {
  const order = await deps.orderService.findOwnOrder(deps.db, customerId, reference)
  await assertTakesAttempt(deps, deps.db, order)
  return order
}

/** An order that takes an attempt, of a customer who owes nothing before paying it (nothing is stored otherwise). */
export async function orderCustomerMayPay(
  deps: HostedPaymentDeps,
  customerId: string,
  reference: string,
  visitor?: Visitor,
) {
  const order = await payableOrder(deps, customerId, reference)
  await deps.assertMayPay(customerId, order, visitor)
  return order
}

/**
 * The attempt is kept: a started order moves to awaiting payment, one already awaiting notes another attempt, with
 * the order-trail entry the caller gives (`entry(anotherAttempt)`).
 */
export async function recordStart(
  deps: HostedPaymentDeps,
  order: Awaited<ReturnType<typeof payableOrder>>,
  method: 'card' | 'pay_by_bank',
  provider: string,
  providerRef: string,
  entry: (anotherAttempt: boolean) => OrderTrailEntry,
) {
  const { db, orderService } = deps
  await db.transaction(async (tx) => {
    // Read again with the row held: a notice of an earlier attempt may have reopened or paid the order meanwhile.
    const current = await orderService.lockOrder(tx, order.id)
    if (!current) throw new AppError('order_not_found')
    await assertTakesAttempt(deps, tx, current)
    if (current.status === 'initiated')
      await orderService.applyTransition(tx, current, 'awaiting_payment', entry(false), 'customer')
    else await orderService.recordOrderNote(tx, current, entry(true), 'customer')
    await openPayment(deps, tx, { order: current, method, provider, providerRef })
  })
}
