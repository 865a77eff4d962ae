import { customerWords } from '@exchange/shared/order-trail'
import { OPEN_STATUSES, type OrderStatus, PAID_STATUSES } from '@exchange/shared/order-rules'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { FIAT_DECIMALS } from '@exchange/shared/currencies'
import { compareAmounts, roundAmount, subtractAmounts } from '@exchange/shared/money'
import { JourneyStepId, payoutStepScreen } from '@exchange/shared/journey-steps'
import { explorerTxUrl } from '@exchange/shared/explorers'
import type { Database } from '../../db/client'
import { deliveries } from '../../db/tables/modules/fulfilment'
import { type TransferOutcome, incomingTransfers } from '../../db/tables/modules/intake'
import { orderEvents } from '../../db/tables/modules/orders'
import { HISTORY_COUNT_CAP, historyCountQuery, historyPageQuery } from './history-queries'
import { trailEntryOf } from './order-trail'
import { findOwnOrder } from './order-rows'
import { summarize } from './order-summary'
import type { OrderRow, OrderServiceDeps } from './orders-deps'

/**
 * A page of the customer's orders, newest first (decision 053): after the order `after` names (a page read from its
 * place in the index, as deep as the history goes), or at a page number. The total is counted up to
 * `HISTORY_COUNT_CAP`; `totalCapped` tells there are more.
 */
export async function orderHistory(
  { db, trading }: Pick<OrderServiceDeps, 'db' | 'trading'>,
  customerId: string,
  request: { page: number; pageSize: number; after?: string },
) {
  const { page, pageSize, after } = request
  const anchor = after === undefined ? undefined : await findOwnOrder(db, customerId, after)
  const [fetched, [counted]] = await Promise.all([
    historyPageQuery(db, customerId, { page, pageSize, afterOrderId: anchor?.id }),
    historyCountQuery(db, customerId),
  ])
  const rows = fetched.slice(0, pageSize)
  const total = Math.min(counted?.value ?? 0, HISTORY_COUNT_CAP)
  const waiting =
    rows.length === 0
      ? []
      : await db
          .select({ orderId: incomingTransfers.orderId })
          .from(incomingTransfers)
          .where(
            and(
              inArray(
                incomingTransfers.orderId,
                rows.map((row) => row.id),
              ),
              eq(incomingTransfers.outcome, 'late_awaiting_consent'),
            ),
          )
  const decisionWaits = new Set(waiting.map((transfer) => transfer.orderId))
  // Only an expired order still takes the customer's choice; once decided, the transfer's outcome moves on.
  const summaries = rows.map((row) => ({
    ...summarize(trading, row),
    decisionWaits: row.status === 'expired' && decisionWaits.has(row.id),
  }))
  return {
    orders: summaries,
    page,
    pageSize,
    total,
    totalCapped: (counted?.value ?? 0) > HISTORY_COUNT_CAP,
    nextAfter: fetched.length > pageSize ? (rows.at(-1)?.reference ?? null) : null,
  }
}

/**
 * The coins' transaction of a delivered order: its id and explorer page, or that the sandbox simulated it (no page
 * to link). Null until coins were sent.
 */
async function deliveryOf(
  { db, chainNetwork = 'mainnet' }: Pick<OrderServiceDeps, 'db' | 'chainNetwork'>,
  order: OrderRow,
) {
  const [delivery] = await db.select().from(deliveries).where(eq(deliveries.orderId, order.id))
  if (!delivery?.txId) return null
  return {
    txId: delivery.txId,
    simulated: delivery.simulated,
    network: chainNetwork,
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    explorerUrl: delivery.simulated ? null : explorerTxUrl(order.crypto, chainNetwork, delivery.txId),
  }
}

/** The newest transfer for the order kept with this outcome (a late one awaiting consent, one held for a person). */
function newestTransferKept(db: Database, orderId: string, outcome: TransferOutcome) {
  return db
    .select({
      amount: incomingTransfers.amount,
      currency: incomingTransfers.currency,
      receivedAt: incomingTransfers.receivedAt,
      payerName: incomingTransfers.payerName,
    })
    .from(incomingTransfers)
    .where(and(eq(incomingTransfers.orderId, orderId), eq(incomingTransfers.outcome, outcome)))
    .orderBy(desc(incomingTransfers.receivedAt))
    .limit(1)
}

/** Until a payout has left: the statuses in which a security change can still hold it (decision 126). */
const BEFORE_PAYOUT: readonly OrderStatus[] = [
  ...OPEN_STATUSES,
  'payment_review',
  ...PAID_STATUSES.filter((status) => status !== 'completed'),
]

/**
 * The hold after a security change a payout of this order meets now (decision 126): before payment, so the customer
 * reads it before they pay; while the paid order waits for it, with its end.
 */
async function payoutHoldOfOrder(deps: Pick<OrderServiceDeps, 'payoutHoldOf'>, order: OrderRow) {
  if (!deps.payoutHoldOf || !BEFORE_PAYOUT.includes(order.status) || order.withdrawalRequestedAt) return null
  const hold = await deps.payoutHoldOf(order.customerId, order)
  return hold && { until: hold.until.toISOString(), reason: hold.reason }
}

/** `orderDetail`: the order, its trail and delivery, and what waits on the customer (a late payment, a held one). */
export async function orderDetail(
  deps: Pick<OrderServiceDeps, 'db' | 'trading' | 'chainNetwork' | 'payoutHoldOf'>,
  customerId: string,
  reference: string,
) {
  const { db } = deps
  const order = await findOwnOrder(db, customerId, reference)
  const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(orderEvents.id)
  const [late] = await newestTransferKept(db, order.id, 'late_awaiting_consent')
  const [held] = order.status === 'payment_review' ? await newestTransferKept(db, order.id, 'held_name_mismatch') : []
  const trail = events.map((event) => ({ event, entry: trailEntryOf(event) }))
  const heldBecause = trail.findLast(({ entry }) => entry?.kind === 'transfer_held')?.entry
  const waitsFor = order.status === 'awaiting_checks' ? JourneyStepId.safeParse(order.payoutWaitsFor) : undefined
  return {
    delivery: await deliveryOf(deps, order),
    payoutHold: await payoutHoldOfOrder(deps, order),
    payoutWaitsFor: waitsFor?.success
      ? { step: waitsFor.data, screen: payoutStepScreen(waitsFor.data, order.reference) }
      : null,
    latePayment: late
      ? { amount: late.amount, currency: late.currency, receivedAt: late.receivedAt.toISOString() }
      : null,
    review: held
      ? {
          amount: held.amount,
          currency: held.currency,
          receivedAt: held.receivedAt.toISOString(),
          payerName: held.payerName,
          reason: (heldBecause && customerWords(heldBecause)) ?? 'Your payment is held for a check.',
          shortfall:
            compareAmounts(held.amount, order.fiatAmount) < 0
              ? roundAmount(subtractAmounts(order.fiatAmount, held.amount), FIAT_DECIMALS)
              : null,
        }
      : null,
    order: summarize(deps.trading, order),
    events: trail.map(({ event, entry }) => ({
      at: event.createdAt.toISOString(),
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      kind: entry?.kind ?? null,
      words: entry ? customerWords(entry) : null,
      actor: event.actor,
    })),
  }
}
