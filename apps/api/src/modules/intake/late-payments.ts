import { and, desc, eq } from 'drizzle-orm'
import { compareAmounts } from '@exchange/shared/money'
import type { OrderStatus } from '@exchange/shared/order-rules'
import type { Database } from '../../db/client'
import { type TransferOutcome, incomingTransfers } from '../../db/tables/modules/intake'
import { AppError } from '../../errors'
import { fiatText } from '../order-mail/order-mail'
import type { OrderRow } from '../orders/orders.service'
import { type CurrentPrice, type TransferRow, mailsFor, given } from './intake-steps'
import type { IntakeParts } from './intake-parts'

/** A late payment being decided by its customer, with the order and the transfer locked. */
interface LateDecision {
  tx: Database
  order: OrderRow
  transfer: TransferRow
  email: string | undefined
}

/** The late transfer of an order that waits for the customer's choice, its row held when read in a transaction. */
async function lateTransferOf(tx: Database, orderId: string, lock: boolean): Promise<TransferRow | undefined> {
  const query = tx
    .select()
    .from(incomingTransfers)
    .where(and(eq(incomingTransfers.orderId, orderId), eq(incomingTransfers.outcome, 'late_awaiting_consent')))
    .orderBy(desc(incomingTransfers.receivedAt))
    .limit(1)
  const [transfer] = lock ? await query.for('update') : await query
  return transfer
}

/** Below the minimum order there is nothing to buy: the only answer is the money back. */
function belowMinimum(parts: IntakeParts, order: OrderRow, transfer: TransferRow) {
  const { orderService } = parts
  const limits = orderService.checkLimits(order.fiat, transfer.amount)
  return !limits.within && limits.reason === 'below_minimum'
}

/**
 * Both answers to a late payment, priced now exactly as `decideLatePayment` would price them (decision 049); reads
 * only. Below the minimum order there is nothing to buy; above the maximum the excess goes back.
 */
async function quoteLatePayment(parts: IntakeParts, customerId: string, reference: string) {
  const { db, orderService, currentPriceFor } = parts
  const order = await orderService.findOwnOrder(db, customerId, reference)
  const transfer = order.status === 'expired' ? await lateTransferOf(db, order.id, false) : undefined
  if (!transfer) throw new AppError('transition_not_allowed')
  const nothingToBuy = belowMinimum(parts, order, transfer)
  const price = nothingToBuy ? null : await currentPriceFor(order, transfer.amount)
  if (!nothingToBuy && !price) throw new AppError('rates_unavailable')
  const currency = transfer.currency
  return {
    received: { amount: transfer.amount, currency, receivedAt: transfer.receivedAt.toISOString() },
    buy: buyAnswer(order, price),
    minimum: orderService.minimumOf(order.fiat),
    refund: {
      amount: transfer.amount,
      currency,
      toAccountEnding: transfer.payerIban.replace(/\s/g, '').slice(-4) || null,
    },
  }
}

/** What buying now would give, as the customer is shown it; none below the minimum. */
function buyAnswer(order: OrderRow, price: CurrentPrice) {
  const quote = price?.priced.quote
  if (!quote || !price.limits.within) return null
  return {
    fiatAmount: quote.fiatAmount,
    fee: quote.fee,
    netFiat: quote.netFiat,
    cryptoAmount: quote.cryptoAmount,
    crypto: order.crypto,
    rate: quote.rate,
    previousRate: order.customerRate,
    excess: price.limits.excess,
  }
}

/**
 * The customer's answer to a payment that arrived after the price expired and beyond the tolerance. Buying names the
 * price per coin the customer was shown: a price that moved against them since is refused (`price_changed`) with
 * nothing stored; the same or a better price is bought at the price of now (decision 049).
 */
async function decideLatePayment(
  parts: IntakeParts,
  customerId: string,
  reference: string,
  decision: 'reprice' | 'refund',
  quotedRate?: string,
): Promise<OrderStatus> {
  const { db, orderService, fulfilment, customerOf, currentPriceFor, repriceAndPay } = parts
  const own = await orderService.findOwnOrder(db, customerId, reference)
  // The price is read before the transaction: a price source outage answers before anything is held.
  const priced =
    decision === 'reprice' ? await currentPriceFor(own, (await lateTransferOf(db, own.id, true))?.amount ?? '0') : null
  if (priced && quotedRate !== undefined && priceMovedAgainst(priced, quotedRate)) throw new AppError('price_changed')
  const done = await db.transaction(async (tx) => {
    const transfer = await lateTransferOf(tx, own.id, true)
    const order = await orderService.lockOrder(tx, own.id)
    if (!transfer || !order || order.status !== 'expired') throw new AppError('transition_not_allowed')
    const customer = await customerOf(tx, customerId)
    const late: LateDecision = { tx, order, transfer, email: customer?.email }
    if (decision === 'refund' || belowMinimum(parts, order, transfer))
      return refundLatePayment(parts, late, decision === 'refund')
    if (!priced) throw new AppError('rates_unavailable')
    await repriceAndPay(tx, order, transfer, priced, 'customer')
    await recordChoice(parts, late, 'repriced')
    return { status: 'paid' as const, settleOrder: true }
  })
  return done.settleOrder ? fulfilment.settlePaidOrder(own.id) : done.status
}

/** The price per coin rose since the customer was shown it. */
const priceMovedAgainst = (priced: NonNullable<CurrentPrice>, quotedRate: string) =>
  compareAmounts(priced.priced.quote.rate, quotedRate) > 0

async function recordChoice(parts: IntakeParts, { tx, transfer }: LateDecision, outcome: TransferOutcome) {
  const { clock } = parts
  await tx
    .update(incomingTransfers)
    .set({ outcome, decidedAt: clock.now(), decidedBy: 'customer' })
    .where(eq(incomingTransfers.id, transfer.id))
}

/** The money goes back: chosen by the customer, or below the minimum order where there is nothing to buy. */
async function refundLatePayment(parts: IntakeParts, late: LateDecision, chosen: boolean) {
  const { orderService, refunds, orderMail } = parts
  const { tx, order, transfer, email } = late
  const { mails, tell } = mailsFor(email, order.reference)
  const received = { amount: transfer.amount, currency: transfer.currency }
  const minimum = orderService.minimumOf(order.fiat)
  const why = chosen
    ? 'Late payment: the customer chose a refund'
    : `Late payment below the minimum of ${fiatText(minimum, order.fiat)}`
  await refunds.queueRefund(tx, {
    orderId: order.id,
    transferId: transfer.id,
    amount: transfer.amount,
    currency: transfer.currency,
    toIban: transfer.payerIban,
    reason: why,
    by: 'customer',
  })
  const entry = chosen
    ? ({ kind: 'late_refund_chosen', received } as const)
    : ({ kind: 'late_transfer_below_minimum', minimum: { amount: minimum, currency: order.fiat } } as const)
  await orderService.applyTransition(tx, order, 'refunded', entry, 'customer')
  await recordChoice(parts, late, 'refunded')
  tell(
    chosen
      ? { kind: 'late_payment_refunded', received, to: transfer.payerIban }
      : { kind: 'payment_below_minimum', received, minimum, refundTo: transfer.payerIban },
  )
  await orderMail.sendAll(mails, tx)
  return { status: 'refunded' as const, settleOrder: false }
}

/**
 * Money that came after its order's price ran out and beyond the tolerance: the customer is shown both answers and
 * chooses to buy at the price of now or to take the money back (decisions 025, 049).
 */
export function createLatePayments(parts: IntakeParts) {
  return {
    quoteLatePayment: given(parts, quoteLatePayment),
    decideLatePayment: given(parts, decideLatePayment),
  }
}
