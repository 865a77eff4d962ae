import { desc, eq } from 'drizzle-orm'
import type { OrderTrailEntry } from '@exchange/shared/order-trail'
import type { OrderStatus } from '@exchange/shared/order-rules'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import { incomingTransfers } from '../../db/tables/modules/intake'
import { orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import type { FulfilmentService } from '../fulfilment/fulfilment.service'
import type { OrderMail } from '../order-mail/order-mail'
import type { OrderRow, OrderService } from '../orders/orders.service'
import type { RefundService } from './refunds.service'

/** Who decided a refund, and its trail entry. */
interface RefundDecision {
  reason: string
  by: string
  entry: OrderTrailEntry
  actor: 'system' | 'operator' | 'customer'
}

/**
 * Refunds in full a paid order its caller holds under the settlement lease: the refund to the money's source is
 * queued, the order moves to refunded and the customer is mailed, in one transaction. Settlement runs use it directly
 * when a check was refused for good (decision 080); the refunds below hold the order first.
 */
export function createHeldOrderRefund(deps: {
  db: Database
  orderService: OrderService
  refunds: RefundService
  orderMail: OrderMail
}) {
  const { db, orderService, refunds, orderMail } = deps

  async function refundHeld(order: OrderRow, decision: RefundDecision, within: Database = db): Promise<void> {
    await within.transaction(async (tx) => {
      const [transfer] = await tx
        .select()
        .from(incomingTransfers)
        .where(eq(incomingTransfers.orderId, order.id))
        .orderBy(desc(incomingTransfers.receivedAt))
        .limit(1)
      // The guarded status change goes first: a refund that lost a race stores nothing.
      await orderService.applyTransition(tx, order, 'refunded', decision.entry, decision.actor)
      await refunds.queueRefund(tx, {
        orderId: order.id,
        transferId: transfer?.id ?? null,
        amount: order.fiatAmount,
        currency: order.fiat,
        toIban: transfer?.payerIban ?? null,
        reason: decision.reason,
        by: decision.by,
      })
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
              reason: decision.reason,
            },
          },
          tx,
        )
    })
  }

  /** The system's refund of a held paid order (a check refused for good); answers the order's new status. */
  async function refundHeldOrder(order: OrderRow, reason: string): Promise<OrderStatus> {
    if (order.status !== 'paid' && order.status !== 'awaiting_checks') throw new AppError('transition_not_allowed')
    await refundHeld(order, {
      reason,
      by: 'system',
      entry: { kind: 'refunded', reason, byOperator: false },
      actor: 'system',
    })
    return 'refunded'
  }

  return { refundHeld, refundHeldOrder }
}

export type HeldOrderRefund = ReturnType<typeof createHeldOrderRefund>

/**
 * A paid order that cannot be filled is refunded in full: by an operator (e.g. the liquidity provider refused it), by
 * the system when the customer's check before payout was refused (decisions 033, 080), or by the customer whose payout
 * waits (decision 085). The refund holds the order like a settlement run, so an order being bought right now is not
 * refunded under its feet, and of two refunds at once only one is made.
 */
export function createPaidOrderRefunds(deps: {
  db: Database
  clock: Clock
  orderService: OrderService
  fulfilment: Pick<FulfilmentService, 'withSettlementLease'>
  held: HeldOrderRefund
}) {
  const { db, clock, orderService, fulfilment, held } = deps

  /** `by` names the operator; without it the system refunds. */
  async function refundPaidOrder(reference: string, reason: string, by?: string): Promise<void> {
    const [found] = await db.select({ id: orders.id }).from(orders).where(eq(orders.reference, reference))
    if (!found) throw new AppError('order_not_found')
    const run = await fulfilment.withSettlementLease(found.id, async (order) => {
      if (order.status !== 'paid' && order.status !== 'awaiting_checks') throw new AppError('transition_not_allowed')
      await held.refundHeld(order, {
        reason,
        by: by ?? 'system',
        entry: { kind: 'refunded', reason, byOperator: by !== undefined },
        actor: by ? 'operator' : 'system',
      })
    })
    if (run.held) throw new AppError('transition_not_allowed')
  }

  /**
   * An operator's refund inside the caller's transaction (a four-eyes approval, decision 132): the order is locked
   * there and refused while a settlement run holds it, and a run that comes later finds it refunded.
   */
  async function refundPaidOrderIn(tx: Database, reference: string, reason: string, by: string): Promise<void> {
    const [found] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.reference, reference))
    if (!found) throw new AppError('order_not_found')
    const order = await orderService.lockOrder(tx, found.id)
    const leaseHeld = order?.settlementLeaseUntil && order.settlementLeaseUntil > clock.now()
    if (!order || leaseHeld || (order.status !== 'paid' && order.status !== 'awaiting_checks'))
      throw new AppError('transition_not_allowed')
    await held.refundHeld(
      order,
      { reason, by, entry: { kind: 'refunded', reason, byOperator: true }, actor: 'operator' },
      tx,
    )
  }

  /**
   * `orderRequestRefund` (decision 085): the customer whose paid order waits for a check, an operator or a decision
   * has the money sent back to where it came from instead. Only while nothing was bought for it (`awaiting_checks`).
   * A settlement run holding the order right now answers `order_busy`; once refunded or bought, `transition_not_allowed`.
   */
  async function refundWaitingOrderForCustomer(customerId: string, reference: string): Promise<OrderStatus> {
    const own = await orderService.findOwnOrder(db, customerId, reference)
    const run = await fulfilment.withSettlementLease(own.id, async (order) => {
      if (order.status !== 'awaiting_checks') throw new AppError('transition_not_allowed')
      await held.refundHeld(order, {
        reason: 'you asked for your money back while your order waited',
        by: 'customer',
        entry: { kind: 'refund_asked' },
        actor: 'customer',
      })
      return 'refunded' as const
    })
    if (!run.held) return run.result
    const now = await orderService.findOwnOrder(db, customerId, reference)
    throw new AppError(now.status === 'awaiting_checks' ? 'order_busy' : 'transition_not_allowed')
  }

  return { refundPaidOrder, refundPaidOrderIn, refundWaitingOrderForCustomer }
}
