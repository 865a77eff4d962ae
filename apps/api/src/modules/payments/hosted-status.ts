import { and, eq, inArray } from 'drizzle-orm'
import { orders } from '../../db/tables/modules/orders'
import { payments } from '../../db/tables/modules/payments'
import { AppError } from '../../errors'
import type { HostedPaymentDeps } from './hosted-payment-deps'

/** `orderPaymentStatus`: a card or pay-by-bank payment of the customer's, as its party's signed notice left it. */
export async function paymentStatus({ db }: Pick<HostedPaymentDeps, 'db'>, customerId: string, sessionId: string) {
  const [row] = await db
    .select({
      reference: orders.reference,
      orderStatus: orders.status,
      paymentStatus: payments.status,
      failureReason: payments.failureReason,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.providerRef, sessionId),
        inArray(payments.method, ['card', 'pay_by_bank']),
        eq(orders.customerId, customerId),
      ),
    )
  if (!row) throw new AppError('order_not_found')
  return {
    orderReference: row.reference,
    // A checkout cancelled because the order was paid another way reads as not gone through, with its reason.
    paymentStatus: row.paymentStatus === 'cancelled' ? ('failed' as const) : row.paymentStatus,
    orderStatus: row.orderStatus,
    failureReason: row.failureReason,
  }
}
