import { and, asc, eq, inArray, or } from 'drizzle-orm'
import type { OrderFile, TrailEntry } from '@exchange/shared/back-office.schemas'
import { customers } from '../../db/tables/modules/customers'
import { deliveries } from '../../db/tables/modules/fulfilment'
import { incomingTransfers } from '../../db/tables/modules/intake'
import { orderEvents, orders } from '../../db/tables/modules/orders'
import { payments } from '../../db/tables/modules/payments'
import { refunds } from '../../db/tables/modules/refunds'
import { AppError } from '../../errors'
import { withdrawalToCheck } from '../fulfilment/payout-retries'
import { FOR_AN_OPERATOR } from '../intake/held-transfers'
import { amountOf, orderSummaryOf, trailOf } from './back-office-views'
import type { OperatorServiceDeps } from './operator-deps'
import { logAction } from './operator-log'

const HELD: readonly string[] = FOR_AN_OPERATOR

/**
 * An order's file for an operator (decision 133): the order and its customer, what happened to it, its payments (card
 * and hosted payments, and the bank transfers matched to it), refunds, payout and trail, and whether its withdrawal
 * waits for an operator to check it at the exchange. The view is written to the
 * trail with the operator and the reason before anything else is read; an unknown reference is not found, and nothing
 * is written.
 */
export async function orderFile(
  deps: Pick<OperatorServiceDeps, 'db' | 'clock'>,
  operator: { id: string; name: string },
  reference: string,
  reason: string,
): Promise<OrderFile> {
  const { db } = deps
  const [found] = await db
    .select({ order: orders, email: customers.email })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.reference, reference))
  if (!found) throw new AppError('not_found', 404)
  const { order, email } = found
  await logAction(
    deps,
    operator,
    'viewed_order',
    { orderId: order.id, customerId: order.customerId, reason },
    { reason },
  )
  const [events, cardPayments, transfers, [delivery], trail, unconfirmed] = await Promise.all([
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id)),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.createdAt)),
    db
      .select()
      .from(incomingTransfers)
      .where(eq(incomingTransfers.orderId, order.id))
      .orderBy(asc(incomingTransfers.receivedAt)),
    db.select().from(deliveries).where(eq(deliveries.orderId, order.id)),
    trailOf(deps, { orderId: order.id }),
    // The classic page's "withdrawals to check", asked of this order alone.
    db.$count(orders, and(eq(orders.id, order.id), withdrawalToCheck(deps.clock.now()))),
  ])
  const transferIds = transfers.map((transfer) => transfer.id)
  const refundRows = await db
    .select()
    .from(refunds)
    .where(
      transferIds.length > 0
        ? or(eq(refunds.orderId, order.id), inArray(refunds.transferId, transferIds))
        : eq(refunds.orderId, order.id),
    )
    .orderBy(asc(refunds.createdAt))
  return {
    order: {
      ...orderSummaryOf(order),
      customerId: order.customerId,
      email,
      wallet: order.wallet,
      payoutWaitsFor: order.payoutWaitsFor,
      payoutHeldUntil: order.payoutHeldUntil?.toISOString() ?? null,
      withdrawalUnconfirmed: unconfirmed > 0,
    },
    timeline: timelineOf(events, trail),
    payments: paymentsOf(cardPayments, transfers),
    refunds: refundRows.map((refund) => ({
      id: refund.id,
      status: refund.status,
      amount: amountOf(refund.amount, refund.currency),
      reason: refund.reason,
      at: refund.createdAt.toISOString(),
    })),
    payout: delivery
      ? {
          status: delivery.deliveredAt ? 'delivered' : 'bought, not yet delivered',
          txId: delivery.txId,
          at: (delivery.deliveredAt ?? delivery.filledAt).toISOString(),
        }
      : null,
    trail,
  }
}

/** What happened to the order, oldest first: its status changes and the operators' actions on it. */
function timelineOf(events: (typeof orderEvents.$inferSelect)[], trail: TrailEntry[]): OrderFile['timeline'] {
  return [
    ...events.map((event) => ({
      at: event.createdAt.toISOString(),
      event: `${event.fromStatus ?? 'new'} → ${event.toStatus}`,
      detail: event.cause,
    })),
    ...trail.map((entry) => ({ at: entry.at, event: `${entry.operator}: ${entry.action}`, detail: entry.reason })),
  ].sort((a, b) => a.at.localeCompare(b.at))
}

/** The way the customer chose to pay, and beside it each bank transfer received for the order. */
function paymentsOf(
  cardPayments: (typeof payments.$inferSelect)[],
  transfers: (typeof incomingTransfers.$inferSelect)[],
): OrderFile['payments'] {
  return [
    ...cardPayments.map((payment) => ({
      id: payment.id,
      method: payment.method,
      status: payment.status,
      amount: amountOf(payment.amount, payment.currency),
      payerName: null,
      payerIban: null,
      receivedAt: payment.status === 'succeeded' ? payment.updatedAt.toISOString() : null,
      held: false,
    })),
    ...transfers.map((transfer) => ({
      id: transfer.id,
      method: 'bank_transfer',
      status: transfer.outcome,
      amount: amountOf(transfer.amount, transfer.currency),
      payerName: transfer.payerName,
      payerIban: transfer.payerIban,
      receivedAt: transfer.receivedAt.toISOString(),
      held: HELD.includes(transfer.outcome),
    })),
  ]
}
