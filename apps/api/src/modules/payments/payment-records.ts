import type { FiatCurrency } from '@exchange/shared/currencies'
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { payments } from '../../db/tables/modules/payments'

export type PaymentRow = typeof payments.$inferSelect
type PaymentMethod = PaymentRow['method']

/** What the payments table's writes need: the time they are written at. */
interface PaymentRecordsDeps {
  clock: Clock
}

/** A transfer that paid the order, as the bank's notice tells it. */
type PayingTransfer = { method: 'wire' | 'viban'; provider: string; amount: string; reference: string }

/**
 * The payments table's only writer. A payment is one way the customer pays one order; only the payment that paid the
 * order succeeds, the others still open are cancelled, and a charge that lands anyway is kept as succeeded (with the
 * reason it did not pay the order) so that its refund has a record to point at. Each operation is a function of this
 * file (decision 107).
 */
export function createPaymentRecords(deps: PaymentRecordsDeps) {
  return {
    openPayment: openPayment.bind(null, deps),
    openPaymentMethods,
    lockHostedPayment,
    settleOrderPayments: settleOrderPayments.bind(null, deps),
    recordUnneededCharge: recordChargeOutcome.bind(null, deps, 'succeeded'),
    recordFailure: recordChargeOutcome.bind(null, deps, 'failed'),
  }
}

/** A new payment of the order, pending until its party's notice tells the outcome. */
export async function openPayment(
  { clock }: PaymentRecordsDeps,
  tx: Database,
  input: {
    order: { id: string; fiatAmount: string; fiat: FiatCurrency }
    method: PaymentMethod
    provider: string
    providerRef: string
  },
): Promise<void> {
  await tx.insert(payments).values({
    orderId: input.order.id,
    method: input.method,
    provider: input.provider,
    providerRef: input.providerRef,
    amount: input.order.fiatAmount,
    currency: input.order.fiat,
    status: 'pending',
    createdAt: clock.now(),
    updatedAt: clock.now(),
  })
}

/**
 * A hosted payment by its checkout or consent id, held until the transaction ends, after its order.
 *
 * Lock order: every path that settles an order locks the order row first and its payments after (a bank transfer
 * locks the order, then cancels the order's other open payments). A notice that locked the payment first and the
 * order second would deadlock with a transfer for the same order, and PostgreSQL would abort one of them. The
 * payment's order never changes, so it is read unlocked to find which order to lock.
 */
async function lockHostedPayment(
  tx: Database,
  sessionId: string,
  lockOrder: (tx: Database, orderId: string) => Promise<unknown>,
): Promise<PaymentRow | undefined> {
  const byReference = and(eq(payments.providerRef, sessionId), inArray(payments.method, ['card', 'pay_by_bank']))
  const [found] = await tx.select({ orderId: payments.orderId }).from(payments).where(byReference)
  if (!found) return undefined
  await lockOrder(tx, found.orderId)
  const [payment] = await tx.select().from(payments).where(byReference).for('update')
  return payment
}

/**
 * The order is paid by `payingPaymentId` (or, for a bank transfer with no open bank payment, by a new record of it).
 * Every other open payment of the order is cancelled: a success that still comes for one of them is refunded.
 */
async function settleOrderPayments(
  { clock }: PaymentRecordsDeps,
  tx: Database,
  order: { id: string; fiat: FiatCurrency },
  paying: { paymentId: string } | PayingTransfer,
): Promise<void> {
  const now = clock.now()
  let paidBy: string
  if ('paymentId' in paying) {
    paidBy = paying.paymentId
    await tx.update(payments).set({ status: 'succeeded', updatedAt: now }).where(eq(payments.id, paying.paymentId))
  } else paidBy = await recordPayingTransfer(tx, order, paying, now)
  await tx
    .update(payments)
    .set({ status: 'cancelled', failureReason: 'The order was paid another way.', updatedAt: now })
    .where(
      and(
        eq(payments.orderId, order.id),
        ne(payments.id, paidBy),
        inArray(payments.status, ['pending', 'requires_action']),
      ),
    )
}

/** The bank payment a transfer paid: the order's open one, else a new record of the transfer. Answers its id. */
async function recordPayingTransfer(
  tx: Database,
  order: { id: string; fiat: FiatCurrency },
  paying: PayingTransfer,
  now: Date,
): Promise<string> {
  const [open] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        inArray(payments.method, ['wire', 'viban']),
        inArray(payments.status, ['pending']),
      ),
    )
    .limit(1)
  if (open) {
    await tx
      .update(payments)
      .set({ status: 'succeeded', amount: paying.amount, updatedAt: now })
      .where(eq(payments.id, open.id))
    return open.id
  }
  const [created] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      method: paying.method,
      provider: paying.provider,
      providerRef: paying.reference,
      amount: paying.amount,
      currency: order.fiat,
      status: 'succeeded',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: payments.id })
  return created!.id
}

/**
 * How a charge ended, with why: `failed`, or `succeeded` for a charge that did not pay its order (the order ended or
 * was paid another way), kept for its refund.
 */
async function recordChargeOutcome(
  { clock }: PaymentRecordsDeps,
  status: 'succeeded' | 'failed',
  tx: Database,
  paymentId: string,
  reason: string,
): Promise<void> {
  await tx
    .update(payments)
    .set({ status, failureReason: reason, updatedAt: clock.now() })
    .where(eq(payments.id, paymentId))
}

/** How the order's payments still under way are being paid (pending, or waiting on the customer's bank). */
export async function openPaymentMethods(tx: Database, orderId: string): Promise<PaymentMethod[]> {
  const open = await tx
    .select({ method: payments.method })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['pending', 'requires_action'])))
  return open.map((payment) => payment.method)
}
