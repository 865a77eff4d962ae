import { HOSTED_PAYMENT_NAMES } from '@exchange/shared/order-trail'
import { and, eq } from 'drizzle-orm'
import { type OrderStatus, isPaid } from '@exchange/shared/order-rules'
import type { Database } from '../../db/client'
import { webhookEvents } from '../../db/tables/modules/intake'
import type { PspEvent } from '../../providers/psp/card-psp.provider'
import { type OrderMailEvent, type PendingOrderMail, fiatText } from '../order-mail/order-mail'
import type { OrderRow } from '../orders/orders.service'
import type { PaymentRow } from '../payments/payment-records'
import { mailsFor, given } from './intake-steps'
import type { IntakeParts } from './intake-parts'

interface HostedDecision {
  order: OrderRow | undefined
  paid: boolean
  mails: PendingOrderMail[]
}

/** One hosted payment's result being decided, its order and payment locked, in the caller's transaction. */
interface HostedResult {
  tx: Database
  order: OrderRow
  payment: PaymentRow
  mails: PendingOrderMail[]
  tell: (event: OrderMailEvent) => void
  amount: { amount: string; currency: string }
  amountText: string
  method: 'card' | 'pay_by_bank'
}

/** Why a charge that no longer pays its order goes back, as the return page and the mail say it. */
function whyReturned(order: OrderRow, paidAnotherWay: boolean): string {
  if (order.status === 'expired') return 'The price of this order ran out before your payment arrived.'
  if (paidAnotherWay) return 'This order was already paid another way before this payment arrived.'
  const was = order.status === 'payment_review' ? 'paid by a payment now under review' : order.status
  return `This order was ${was} before your payment arrived.`
}

/**
 * Stored first by event id; decided with the payment and the order locked; a repeat of a decided event is a
 * duplicate, a repeat of an undecided one (its decision failed) is decided now.
 */
async function receiveHostedPaymentResult(
  parts: IntakeParts,
  provider: string,
  event: PspEvent,
): Promise<{ duplicate: boolean; orderStatus: OrderStatus | null }> {
  const { db, clock, orderMail, fulfilment } = parts
  await db
    .insert(webhookEvents)
    .values({ provider, eventId: event.eventId, receivedAt: clock.now(), payload: { ...event } })
    .onConflictDoNothing()
  const outcome = await db.transaction(async (tx) => {
    const [stored] = await tx
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, event.eventId)))
      .for('update')
    if (!stored || stored.decidedAt) return { duplicate: true, order: undefined, paid: false }
    const decided = await decideHostedResult(parts, tx, event)
    await tx
      .update(webhookEvents)
      .set({ decidedAt: clock.now() })
      .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, event.eventId)))
    await orderMail.sendAll(decided.mails, tx)
    return { duplicate: false, ...decided }
  })
  const status = outcome.paid && outcome.order ? await fulfilment.settlePaidOrder(outcome.order.id) : null
  return { duplicate: outcome.duplicate, orderStatus: status }
}

async function decideHostedResult(parts: IntakeParts, tx: Database, event: PspEvent): Promise<HostedDecision> {
  const { orderService, customerOf, payments } = parts
  const none = { order: undefined, paid: false, mails: [] }
  const payment = await payments.lockHostedPayment(tx, event.sessionId, orderService.lockOrder)
  // A payment already decided (another event for the same session): its effect is stored, nothing more to do.
  if (!payment || payment.status === 'succeeded' || payment.status === 'failed') return none
  // Already held by lockHostedPayment (order before payment); read again here for its current state.
  const order = await orderService.lockOrder(tx, payment.orderId)
  if (!order) return none
  const customer = await customerOf(tx, order.customerId)
  const result: HostedResult = {
    tx,
    order,
    payment,
    ...mailsFor(customer?.email, order.reference),
    amount: { amount: payment.amount, currency: payment.currency },
    amountText: fiatText(payment.amount, payment.currency),
    method: payment.method === 'card' ? 'card' : 'pay_by_bank',
  }
  if (event.outcome !== 'succeeded')
    return recordFailure(parts, result, event.failureReason ?? 'The payment did not go through.')
  if (order.status === 'awaiting_payment' && payment.status !== 'cancelled') return payOrder(parts, result)
  return returnUnneededCharge(parts, result)
}

async function payOrder(parts: IntakeParts, { tx, order, payment, mails, tell, amount, method }: HostedResult) {
  const { payments, moveOrder } = parts
  const paid = await moveOrder(
    tx,
    order,
    'paid',
    { kind: 'hosted_payment_confirmed', method, received: amount },
    'system',
  )
  await payments.settleOrderPayments(tx, order, { paymentId: payment.id })
  tell({ kind: 'payment_received', received: amount, how: 'hosted' })
  return { order: paid, paid: true, mails }
}

/**
 * Charged for an order that this payment no longer pays (the order ended, or was paid another way): nothing is
 * bought and the money goes back the way it came. The return page shows the reason.
 */
async function returnUnneededCharge(parts: IntakeParts, result: HostedResult): Promise<HostedDecision> {
  const { orderService, refunds, payments } = parts
  const { tx, order, payment, mails, tell, amount, amountText, method } = result
  const kind = HOSTED_PAYMENT_NAMES[method]
  const back = payment.method === 'card' ? 'to your card' : 'to the account you paid from'
  const paidAnotherWay = payment.status === 'cancelled' || isPaid(order.status)
  const why = whyReturned(order, paidAnotherWay)
  await payments.recordUnneededCharge(tx, payment.id, `${why} We are sending ${amountText} back ${back}.`)
  await refunds.queueRefund(tx, {
    orderId: order.id,
    transferId: null,
    amount: payment.amount,
    currency: payment.currency,
    toIban: null,
    reason: paidAnotherWay ? `${kind} for an order already paid another way` : `${kind} for a ${order.status} order`,
    by: 'system',
  })
  await orderService.recordOrderNote(
    tx,
    order,
    { kind: 'hosted_payment_unneeded', method, received: amount, orderStatus: order.status },
    'system',
  )
  tell({
    kind: 'hosted_payment_returned',
    received: amount,
    why,
    back,
    facts: { method, orderStatus: order.status, paidAnotherWay },
  })
  return { order, paid: false, mails }
}

async function recordFailure(parts: IntakeParts, result: HostedResult, reason: string): Promise<HostedDecision> {
  const { clock, orderService, payments } = parts
  const { tx, order, payment, mails, tell, amount, method } = result
  const unpaid = { order, paid: false, mails }
  await payments.recordFailure(tx, payment.id, reason)
  // A cancelled checkout that fails changes nothing else: the order was paid another way.
  if (payment.status === 'cancelled') return unpaid
  if (order.status !== 'awaiting_payment') return unpaid
  // Another attempt (a second card, a transfer on its way) may still pay the order: it keeps waiting for that.
  if ((await payments.openPaymentMethods(tx, order.id)).length > 0) {
    await orderService.recordOrderNote(
      tx,
      order,
      { kind: 'hosted_payment_failed', method, reason, staysOpen: false },
      'system',
    )
    return unpaid
  }
  // A decline or a cancelled checkout while the price holds: the order stays open for another card or another way
  // to pay, at the same price, until its price time (decision 048).
  const openUntil = order.priceExpiresAt > clock.now() ? order.priceExpiresAt : null
  if (openUntil)
    await orderService.applyTransition(
      tx,
      order,
      'initiated',
      { kind: 'hosted_payment_failed', method, reason, staysOpen: true },
      'system',
    )
  else
    await orderService.applyTransition(
      tx,
      order,
      'failed',
      { kind: 'hosted_payment_failed', method, reason, staysOpen: false },
      'system',
    )
  tell({
    kind: 'hosted_payment_failed',
    amount,
    method: HOSTED_PAYMENT_NAMES[method],
    methodKind: method,
    reason,
    openUntil,
  })
  return unpaid
}

/**
 * Card and pay-by-bank results: a verified notice of a hosted payment is the only thing that marks such a payment
 * paid or failed.
 */
export function createHostedResults(parts: IntakeParts) {
  return {
    receiveHostedPaymentResult: given(parts, receiveHostedPaymentResult),
  }
}

export type HostedResults = ReturnType<typeof createHostedResults>
