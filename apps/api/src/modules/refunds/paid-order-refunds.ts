import { desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { customers, incomingTransfers, orders } from '../../db/schema'
import { AppError } from '../../errors'
import type { FulfilmentService } from '../fulfilment/fulfilment.service'
import type { OrderMail } from '../order-mail/order-mail'
import type { OrderService } from '../orders/orders.service'
import type { RefundService } from './refunds.service'

/**
 * A paid order that cannot be filled is refunded in full: by an operator (e.g. the liquidity provider refused it), or
 * by the system when the customer's check before payout was refused (decision 033). The refund holds the order like a
 * settlement run, so an order being bought right now is not refunded under its feet.
 */
export function createPaidOrderRefunds(deps: {
  db: Database
  orderService: OrderService
  refunds: RefundService
  fulfilment: FulfilmentService
  orderMail: OrderMail
}) {
  const { db, orderService, refunds, fulfilment, orderMail } = deps
  /** `by` names the operator; without it the system refunds. */
  async function refundPaidOrder(reference: string, reason: string, by?: string): Promise<void> {
    const [found] = await db.select({ id: orders.id }).from(orders).where(eq(orders.reference, reference))
    if (!found) throw new AppError('order_not_found')
    const run = await fulfilment.withSettlementLease(found.id, async (order) => {
      if (order.status !== 'paid' && order.status !== 'awaiting_checks') throw new AppError('transition_not_allowed')
      await db.transaction(async (tx) => {
        const [transfer] = await tx
          .select()
          .from(incomingTransfers)
          .where(eq(incomingTransfers.orderId, order.id))
          .orderBy(desc(incomingTransfers.receivedAt))
          .limit(1)
        await refunds.queueRefund(tx, {
          orderId: order.id,
          transferId: transfer?.id ?? null,
          amount: order.fiatAmount,
          currency: order.fiat,
          toIban: transfer?.payerIban ?? null,
          reason,
          by: by ?? 'system',
        })
        await orderService.applyTransition(
          tx,
          order,
          'refunded',
          by ? `Refunded by operator ${by}: ${reason}` : `Refunded: ${reason}`,
          by ? 'operator' : 'system',
        )
        const [customer] = await tx
          .select({ email: customers.email })
          .from(customers)
          .where(eq(customers.id, order.customerId))
        if (customer)
          await orderMail.send(
            {
              to: customer.email,
              reference: order.reference,
              event: {
                kind: 'paid_order_refunded',
                amount: { amount: order.fiatAmount, currency: order.fiat },
                to: transfer?.payerIban ?? 'the card or account you paid with',
                reason,
              },
            },
            tx,
          )
      })
    })
    if (run.held) throw new AppError('transition_not_allowed')
  }
  return { refundPaidOrder }
}
