import { and, eq } from 'drizzle-orm'
import type { FiatCurrency } from '@exchange/shared/currencies'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { customers, orders, payments } from '../../db/schema'
import { AppError } from '../../errors'
import type { CardPspProvider } from '../../providers/psp/card-psp.provider'
import type { OrderService } from '../orders/orders.service'

export type CardService = ReturnType<typeof createCardService>

/** Card payments through the PSP's hosted checkout: start, and read the status the PSP's notification set. */
export function createCardService({ db, clock, orderService, psp }: { db: Database; clock: Clock; orderService: OrderService; psp: CardPspProvider }) {
  async function startCardPayment(customerId: string, reference: string, pspId: string) {
    await orderService.selectPaymentMethod(customerId, reference, 'psps', pspId)
    const order = await orderService.findOwnOrder(db, customerId, reference)
    if (order.status !== 'initiated') throw new AppError('transition_not_allowed')
    if (order.priceExpiresAt <= clock.now()) throw new AppError('price_expired')
    const [customer] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId))
    const session = await psp.createCheckout({
      orderReference: order.reference,
      amount: order.fiatAmount,
      currency: order.fiat as FiatCurrency,
      customerEmail: customer?.email ?? '',
      returnUrl: '/dashboard-returncc?session_id={SESSION_ID}',
    })
    await db.transaction(async (tx) => {
      await orderService.applyTransition(tx, order, 'awaiting_payment', 'Card payment started at the hosted checkout', 'customer')
      await tx.insert(payments).values({ orderId: order.id, method: 'card', provider: psp.kind, providerRef: session.sessionId, amount: order.fiatAmount, currency: order.fiat, status: 'pending', createdAt: clock.now(), updatedAt: clock.now() })
    })
    return session
  }

  async function cardPaymentStatus(customerId: string, sessionId: string) {
    const [row] = await db
      .select({ reference: orders.reference, orderStatus: orders.status, paymentStatus: payments.status, failureReason: payments.failureReason })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.providerRef, sessionId), eq(payments.method, 'card'), eq(orders.customerId, customerId)))
    if (!row) throw new AppError('order_not_found')
    return { orderReference: row.reference, paymentStatus: row.paymentStatus, orderStatus: row.orderStatus, failureReason: row.failureReason }
  }

  return { startCardPayment, cardPaymentStatus }
}
