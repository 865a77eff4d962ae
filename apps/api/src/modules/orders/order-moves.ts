import { and, inArray, lte } from 'drizzle-orm'
import { OPEN_STATUSES, type OrderStatus, isCustomerTransitionAllowed } from '@exchange/shared/order-rules'
import type { OrderTrailEntry } from '@exchange/shared/order-trail'
import type { Visitor } from '../../providers/geoip/visitor-country'
import { orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import { findOwnOrder } from './order-rows'
import { applyTransition } from './order-trail'
import type { OrderServiceDeps } from './orders-deps'

/** `exchangeUpdateOrder`: only the moves a customer may make on their own order. */
export async function updateOrderStatusByCustomer(
  deps: Pick<OrderServiceDeps, 'db' | 'clock' | 'assertMayPay'>,
  customerId: string,
  reference: string,
  to: OrderStatus,
  visitor?: Visitor,
): Promise<OrderStatus> {
  const { db, clock } = deps
  if (to === 'awaiting_payment') {
    const order = await findOwnOrder(db, customerId, reference)
    if (order.status !== 'awaiting_payment') await deps.assertMayPay(customerId, order, visitor)
  }
  return db.transaction(async (tx) => {
    const order = await findOwnOrder(tx, customerId, reference)
    const from = order.status
    if (!isCustomerTransitionAllowed(from, to)) throw new AppError('transition_not_allowed')
    if (from === to) return from
    if (to === 'awaiting_payment' && order.priceExpiresAt <= clock.now()) throw new AppError('price_expired')
    const entry: OrderTrailEntry = {
      kind: to === 'cancelled' ? 'cancelled_by_customer' : to === 'failed' ? 'came_back_failed' : 'payment_started',
    }
    return (await applyTransition(deps, tx, order, to, entry, 'customer')).status
  })
}

/** The expiry job: open orders whose price time ran out without payment become expired. */
export async function expireOrders({ db, clock }: Pick<OrderServiceDeps, 'db' | 'clock'>): Promise<number> {
  const due = await db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, [...OPEN_STATUSES]), lte(orders.priceExpiresAt, clock.now())))
    .limit(500)
  let expired = 0
  for (const order of due) {
    try {
      await db.transaction((tx) =>
        applyTransition({ clock }, tx, order, 'expired', { kind: 'price_expired' }, 'system'),
      )
      expired++
    } catch (error) {
      // Another process or the customer moved it first: nothing to do.
      if (!(error instanceof AppError && error.code === 'transition_not_allowed')) throw error
    }
  }
  return expired
}
