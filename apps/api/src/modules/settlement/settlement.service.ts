import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm'
import { CRYPTO_DECIMALS, type CryptoCurrency, FIAT_DECIMALS, type FiatCurrency } from '@exchange/shared/currencies'
import { compareAmounts, formatAmount, quoteForFiat, subtractAmounts } from '@exchange/shared/money'
import { isPaid, OPEN_STATUSES, type OrderStatus } from '@exchange/shared/order-rules'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import {
  type TransferOutcome,
  customers,
  deliveries,
  incomingTransfers,
  orders,
  payments,
  refunds,
  virtualIbans,
  webhookEvents,
} from '../../db/schema'
import { AppError } from '../../errors'
import type { IncomingTransfer } from '../../providers/bank/bank-partner.provider'
import { type LiquidityProvider, LiquidityRefused } from '../../providers/liquidity/liquidity.provider'
import type { PspEvent } from '../../providers/psp/card-psp.provider'
import type { MailService } from '../mail/mail.service'
import type { OrderService } from '../orders/orders.service'
import type { RatesService } from '../rates/rates.service'
import { payerNameMatches } from './payer-name'

export interface SettlementServiceDeps {
  db: Database
  clock: Clock
  orderService: OrderService
  rates: RatesService
  liquidity: LiquidityProvider
  mail: MailService
  quoteTtlSeconds: number
  log: { error(obj: object, msg: string): void }
}

type OrderRow = typeof orders.$inferSelect
type Mail = { to: string; template: string; headline: string; lead: string; rows: [string, string][]; note?: string }

const REFERENCE_IN_TEXT = /[A-Z0-9]{10}/g
/** How long one settlement run may hold an order: well past the liquidity provider's slowest answer. */
const SETTLEMENT_LEASE_SECONDS = 120
/** The retry job leaves an order alone this long after its last change, so that the run that paid it goes first. */
const SETTLEMENT_RETRY_AFTER_SECONDS = 60
const SETTLEMENT_BATCH = 20

function money(amount: string, currency: string): string {
  return `${formatAmount(amount, FIAT_DECIMALS)} ${currency.toUpperCase()}`
}

export type SettlementService = ReturnType<typeof createSettlementService>

/**
 * What happens once money arrives: matching a bank transfer to an order, the defined outcome of every mismatch
 * (with a refund record where money goes back), then the liquidity provider and the delivery.
 */
export function createSettlementService({
  db,
  clock,
  orderService,
  rates,
  liquidity,
  mail,
  quoteTtlSeconds,
  log,
}: SettlementServiceDeps) {
  async function emailOf(tx: Database, customerId: string) {
    const [customer] = await tx
      .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(eq(customers.id, customerId))
    return customer
  }

  async function findOrderFor(tx: Database, notice: IncomingTransfer): Promise<OrderRow | undefined> {
    const mentioned: string[] = notice.paymentReference.toUpperCase().match(REFERENCE_IN_TEXT) ?? []
    const [viban] = await tx.select().from(virtualIbans).where(eq(virtualIbans.iban, notice.creditedIban))
    if (viban) {
      const own = await tx
        .select()
        .from(orders)
        .where(eq(orders.customerId, viban.customerId))
        .orderBy(desc(orders.createdAt))
      return (
        own.find((order) => mentioned.includes(order.reference)) ??
        own.filter((order) => order.status === 'awaiting_payment' && order.methodGroup === 'viban').at(-1) ??
        own.find((order) => order.status === 'expired' && order.methodGroup === 'viban')
      )
    }
    if (mentioned.length === 0) return undefined
    const [order] = await tx.select().from(orders).where(inArray(orders.reference, mentioned)).limit(1)
    return order
  }

  async function refund(
    tx: Database,
    input: {
      orderId: string | null
      transferId: string | null
      amount: string
      currency: string
      toIban: string | null
      reason: string
      by: string
    },
  ) {
    await tx.insert(refunds).values({
      orderId: input.orderId,
      transferId: input.transferId,
      amount: input.amount,
      currency: input.currency,
      toIban: input.toIban,
      reason: input.reason,
      status: 'pending',
      createdBy: input.by,
      createdAt: clock.now(),
    })
  }

  async function markPaid(tx: Database, order: OrderRow, cause: string): Promise<void> {
    let current = order
    if (current.status === 'initiated')
      current = await orderService.applyTransition(tx, current, 'awaiting_payment', 'Bank transfer received', 'system')
    await orderService.applyTransition(tx, current, 'paid', cause, 'system')
    await tx
      .update(payments)
      .set({ status: 'succeeded', updatedAt: clock.now() })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
  }

  /** A bank partner's notice of money received, handled once per transfer id. */
  async function receiveBankTransfer(
    notice: IncomingTransfer,
  ): Promise<{ outcome: TransferOutcome; orderReference: string | null; duplicate: boolean }> {
    const mails: Mail[] = []
    const decided = await db.transaction(async (tx) => {
      const [seen] = await tx
        .select()
        .from(incomingTransfers)
        .where(eq(incomingTransfers.providerTransferId, notice.transferId))
      if (seen)
        return { outcome: seen.outcome, order: undefined as OrderRow | undefined, transferId: seen.id, repeat: true }

      let order = await findOrderFor(tx, notice)
      let outcome: TransferOutcome
      let note: string
      const [transfer] = await tx
        .insert(incomingTransfers)
        .values({
          providerTransferId: notice.transferId,
          amount: notice.amount,
          currency: notice.currency,
          payerName: notice.payerName,
          payerIban: notice.payerIban,
          paymentReference: notice.paymentReference,
          creditedIban: notice.creditedIban,
          orderId: order?.id ?? null,
          outcome: 'unmatched',
          note: '',
          receivedAt: notice.receivedAt,
        })
        .returning({ id: incomingTransfers.id })
      const transferId = transfer!.id
      const customer = order ? await emailOf(tx, order.customerId) : undefined
      const amountText = money(notice.amount, notice.currency)

      if (!order || !customer) {
        outcome = 'unmatched'
        note = 'No order matches the reference or the account; held for an operator'
      } else if (order.fiat !== notice.currency) {
        outcome = 'unmatched'
        note = `Paid in ${notice.currency.toUpperCase()} for an order in ${order.fiat.toUpperCase()}; held for an operator`
      } else if (!(OPEN_STATUSES as readonly string[]).includes(order.status) && order.status !== 'expired') {
        outcome = 'no_open_order'
        note = `Order is ${order.status}; the money goes back`
        await refund(tx, {
          orderId: order.id,
          transferId,
          amount: notice.amount,
          currency: notice.currency,
          toIban: notice.payerIban,
          reason: note,
          by: 'system',
        })
        await orderService.recordOrderNote(
          tx,
          order,
          `Transfer of ${amountText} received for a ${order.status} order: refunded`,
          'system',
        )
        mails.push({
          to: customer.email,
          template: 'order_refunded',
          headline: 'Payment returned',
          lead: `We received ${amountText} for an order that is ${order.status}. We are sending it back to the account it came from.`,
          rows: [
            ['Amount', amountText],
            ['To', notice.payerIban],
          ],
        })
      } else if (order.status === 'expired' || order.priceExpiresAt <= notice.receivedAt) {
        if (order.status !== 'expired')
          order = await orderService.applyTransition(
            tx,
            order,
            'expired',
            'The price time ran out before payment',
            'system',
          )
        outcome = 'late_awaiting_consent'
        note = 'Arrived after the price expired; waiting for the customer to re-price or take a refund'
        await orderService.recordOrderNote(
          tx,
          order,
          `Transfer of ${amountText} arrived after the price expired: your decision is needed`,
          'system',
        )
        mails.push({
          to: customer.email,
          template: 'order_late_payment',
          headline: 'Your payment arrived after the price expired',
          lead: 'Choose in your order history whether to buy at the current price or to have the money sent back.',
          rows: [['Received', amountText]],
        })
      } else if (!payerNameMatches(notice.payerName, customer)) {
        outcome = 'held_name_mismatch'
        note = `Payer "${notice.payerName}" is not the customer; held for review`
        await orderService.recordOrderNote(
          tx,
          order,
          'Payment received from an account in another name: held for review',
          'system',
        )
        mails.push({
          to: customer.email,
          template: 'order_payment_review',
          headline: 'We are checking your payment',
          lead: `We received ${amountText} from an account in the name of ${notice.payerName}. Payments must come from an account in your own name, so a person checks this one before we buy your coins. We will write to you when it is decided.`,
          rows: [
            ['Received', amountText],
            ['From', notice.payerName],
          ],
        })
      } else {
        const expected = order.fiatAmount
        const difference = compareAmounts(notice.amount, expected)
        if (difference < 0) {
          outcome = 'underpaid'
          note = `Received ${amountText} of ${money(expected, order.fiat)}; refunded in full`
          await refund(tx, {
            orderId: order.id,
            transferId,
            amount: notice.amount,
            currency: notice.currency,
            toIban: notice.payerIban,
            reason: 'Underpayment',
            by: 'system',
          })
          let current = order
          if (current.status === 'initiated')
            current = await orderService.applyTransition(
              tx,
              current,
              'awaiting_payment',
              'Bank transfer received',
              'system',
            )
          await orderService.applyTransition(
            tx,
            current,
            'failed',
            `Underpaid: received ${amountText} of ${money(expected, order.fiat)}; the money goes back`,
            'system',
          )
          mails.push({
            to: customer.email,
            template: 'order_failed',
            headline: 'Payment too low: order not filled',
            lead: `We received ${amountText}, less than the ${money(expected, order.fiat)} the order needs. We are sending the money back; you can start a new order at any time.`,
            rows: [
              ['Received', amountText],
              ['Needed', money(expected, order.fiat)],
              ['Refund to', notice.payerIban],
            ],
          })
        } else {
          outcome = difference > 0 ? 'overpaid' : 'matched'
          note =
            difference > 0
              ? `Received ${amountText}, ${money(subtractAmounts(notice.amount, expected), order.fiat)} more than needed; the excess goes back`
              : 'Exact amount received'
          if (difference > 0) {
            await refund(tx, {
              orderId: order.id,
              transferId,
              amount: subtractAmounts(notice.amount, expected),
              currency: notice.currency,
              toIban: notice.payerIban,
              reason: 'Overpayment: the excess',
              by: 'system',
            })
          }
          await markPaid(
            tx,
            order,
            difference > 0
              ? `Payment received (${amountText}); the excess is refunded`
              : `Payment received (${amountText})`,
          )
          mails.push({
            to: customer.email,
            template: 'order_paid',
            headline: 'Payment received',
            lead: `We received your payment of ${amountText}. We are buying your coins now.`,
            rows: [
              ['Received', amountText],
              ...(difference > 0
                ? [
                    ['Refund of the excess', money(subtractAmounts(notice.amount, expected), order.fiat)] as [
                      string,
                      string,
                    ],
                  ]
                : []),
            ],
          })
        }
      }
      await tx.update(incomingTransfers).set({ outcome, note }).where(eq(incomingTransfers.id, transferId))
      return { outcome, order, transferId, repeat: false }
    })

    for (const message of mails)
      await mail.sendOrderUpdate(message.to, decided.order?.reference ?? '', message.template, message)
    if (!decided.repeat && decided.order && (decided.outcome === 'matched' || decided.outcome === 'overpaid'))
      await settlePaidOrder(decided.order.id)
    return { outcome: decided.outcome, orderReference: decided.order?.reference ?? null, duplicate: decided.repeat }
  }

  /**
   * A verified notice of a hosted payment (card PSP or pay-by-bank): the only thing that marks such a payment paid
   * or failed. Each event id is acted on once, in the same transaction as its effect.
   */
  async function receiveHostedPaymentResult(
    provider: string,
    event: PspEvent,
  ): Promise<{ duplicate: boolean; orderStatus: OrderStatus | null }> {
    const mails: Mail[] = []
    const outcome = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(webhookEvents)
        .values({ provider, eventId: event.eventId, receivedAt: clock.now() })
        .onConflictDoNothing()
        .returning({ eventId: webhookEvents.eventId })
      if (claimed.length === 0) return { duplicate: true, order: undefined as OrderRow | undefined, paid: false }
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.providerRef, event.sessionId), inArray(payments.method, ['card', 'pay_by_bank'])))
      if (!payment || payment.status !== 'pending') return { duplicate: false, order: undefined, paid: false }
      const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId))
      if (!order) return { duplicate: false, order: undefined, paid: false }
      const customer = await emailOf(tx, order.customerId)
      const amountText = money(payment.amount, payment.currency)
      const kind = payment.method === 'card' ? 'Card payment' : 'Pay-by-bank payment'
      if (event.outcome === 'succeeded') {
        if (order.status === 'awaiting_payment') {
          await markPaid(tx, order, `${kind} of ${amountText} confirmed by the provider`)
          if (customer)
            mails.push({
              to: customer.email,
              template: 'order_paid',
              headline: 'Payment received',
              lead: `Your payment of ${amountText} is confirmed. We are buying your coins now.`,
              rows: [['Paid', amountText]],
            })
          return { duplicate: false, order, paid: true }
        }
        // Paid for an order that is no longer open (expired, cancelled): nothing is bought and the money goes back the
        // way it came. The payment succeeded, so its reason says why it did not pay the order (the return page shows it).
        const back = payment.method === 'card' ? 'to your card' : 'to the account you paid from'
        const why =
          order.status === 'expired'
            ? 'The price of this order ran out before your payment arrived.'
            : `This order was ${order.status} before your payment arrived.`
        await tx
          .update(payments)
          .set({
            status: 'succeeded',
            failureReason: `${why} We are sending ${amountText} back ${back}.`,
            updatedAt: clock.now(),
          })
          .where(eq(payments.id, payment.id))
        await tx.insert(refunds).values({
          orderId: order.id,
          amount: payment.amount,
          currency: payment.currency,
          reason: `${kind} for a ${order.status} order`,
          status: 'pending',
          createdBy: 'system',
          createdAt: clock.now(),
        })
        await orderService.recordOrderNote(
          tx,
          order,
          `${kind} of ${amountText} arrived for a ${order.status} order: refunded`,
          'system',
        )
        if (customer)
          mails.push({
            to: customer.email,
            template: 'order_refunded',
            headline: 'Payment returned',
            lead: `${why} Nothing was bought; we are sending ${amountText} back ${back}.`,
            rows: [['Amount', amountText]],
            note: 'You can start a new order at the current price at any time.',
          })
        return { duplicate: false, order, paid: false }
      }
      const reason = event.failureReason ?? 'The payment did not go through.'
      await tx
        .update(payments)
        .set({ status: 'failed', failureReason: reason, updatedAt: clock.now() })
        .where(eq(payments.id, payment.id))
      if (order.status === 'awaiting_payment')
        await orderService.applyTransition(tx, order, 'failed', `${kind} failed: ${reason}`, 'system')
      if (customer)
        mails.push({
          to: customer.email,
          template: 'order_failed',
          headline: `${kind} failed`,
          lead: `${reason} Nothing was charged. You can start a new order and pay another way.`,
          rows: [['Amount', amountText]],
        })
      return { duplicate: false, order, paid: false }
    })
    for (const message of mails)
      await mail.sendOrderUpdate(message.to, outcome.order?.reference ?? '', message.template, message)
    const status = outcome.paid && outcome.order ? await settlePaidOrder(outcome.order.id) : null
    return { duplicate: outcome.duplicate, orderStatus: status }
  }

  /** No settlement run holds the order (never held, released, or the hold of a crashed run has lapsed). */
  const leaseFree = (now: Date) => or(isNull(orders.settlementLeaseUntil), lt(orders.settlementLeaseUntil, now))

  /**
   * Runs `work` while holding the order for it alone, so that two runs (a notice, the customer's `orderLpToBroker`,
   * the retry job, an operator, another process) never buy, withdraw or refund the same order at once. Answers
   * `held` when another run holds it or it is no longer paid or processing. A crashed run's hold lapses after the lease.
   */
  async function withSettlementLease<T>(
    orderId: string,
    work: (order: OrderRow) => Promise<T>,
  ): Promise<{ held: true } | { held: false; result: T }> {
    const now = clock.now()
    const [claimed] = await db
      .update(orders)
      .set({ settlementLeaseUntil: new Date(now.getTime() + SETTLEMENT_LEASE_SECONDS * 1000) })
      .where(and(eq(orders.id, orderId), inArray(orders.status, ['paid', 'processing']), leaseFree(now)))
      .returning()
    if (!claimed) return { held: true }
    try {
      return { held: false, result: await work(claimed) }
    } finally {
      await db.update(orders).set({ settlementLeaseUntil: null }).where(eq(orders.id, orderId))
    }
  }

  async function statusOf(orderId: string): Promise<OrderStatus> {
    const [current] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId))
    if (!current) throw new AppError('order_not_found')
    return current.status as OrderStatus
  }

  /** The coins reached the customer's wallet: the order completes and the customer hears of it with the transaction id. */
  async function completeDelivery(
    order: OrderRow,
    txId: string,
    cause: string,
    actor: 'system' | 'operator',
  ): Promise<OrderStatus> {
    const done = await db.transaction(async (tx) => {
      await tx.update(deliveries).set({ txId, deliveredAt: clock.now() }).where(eq(deliveries.orderId, order.id))
      return orderService.applyTransition(tx, order, 'completed', cause, actor)
    })
    const customer = await emailOf(db, order.customerId)
    if (customer) {
      const coins = `${formatAmount(order.cryptoAmount, CRYPTO_DECIMALS[order.crypto as CryptoCurrency])} ${order.crypto.toUpperCase()}`
      await mail.sendOrderUpdate(customer.email, order.reference, 'order_completed', {
        headline: 'Your coins are on their way',
        lead: `We sent ${coins} to your wallet.`,
        rows: [
          ['Amount', coins],
          ['Wallet', order.wallet],
          ['Transaction', txId],
        ],
        ...(liquidity.simulated && { note: 'Test environment: no coins were sent; the transaction id is simulated.' }),
      })
    }
    return done.status as OrderStatus
  }

  /** Paid → bought from the liquidity provider → delivered. Safe to call again and at the same time: each step happens once. */
  async function settlePaidOrder(orderId: string): Promise<OrderStatus> {
    const run = await withSettlementLease(orderId, settleHeld)
    return run.held ? statusOf(orderId) : run.result
  }

  /** The steps of a settlement run, on an order the run holds. */
  async function settleHeld(order: OrderRow): Promise<OrderStatus> {
    try {
      let current = order
      if (current.status === 'paid') {
        const fill = await liquidity.buy({
          reference: order.reference,
          crypto: order.crypto as CryptoCurrency,
          fiat: order.fiat as FiatCurrency,
          cryptoAmount: order.cryptoAmount,
          price: order.customerRate,
        })
        current = await db.transaction(async (tx) => {
          await tx
            .insert(deliveries)
            .values({
              orderId: order.id,
              provider: liquidity.kind,
              providerOrderId: fill.providerOrderId,
              filledPrice: fill.filledPrice,
              cryptoAmount: fill.cryptoAmount,
              simulated: liquidity.simulated,
              filledAt: clock.now(),
            })
            .onConflictDoNothing()
          return orderService.applyTransition(
            tx,
            current,
            'processing',
            `Bought from the liquidity provider (${fill.providerOrderId})`,
            'system',
          )
        })
      }
      if (current.status !== 'processing' || current.wallet === PLACEHOLDER_WALLET) return current.status as OrderStatus
      const [delivery] = await db.select().from(deliveries).where(eq(deliveries.orderId, order.id))
      if (delivery?.txId) return current.status as OrderStatus
      if (current.withdrawalRequestedAt) {
        // An earlier withdrawal may have left: sending again could pay the customer twice. A person checks the exchange.
        log.error(
          { order: order.reference },
          'withdrawal outcome unknown; waiting for an operator to check the exchange',
        )
        return current.status as OrderStatus
      }
      await db.update(orders).set({ withdrawalRequestedAt: clock.now() }).where(eq(orders.id, order.id))
      let txId: string
      try {
        ;({ txId } = await liquidity.withdraw({
          reference: order.reference,
          crypto: order.crypto as CryptoCurrency,
          amount: order.cryptoAmount,
          wallet: order.wallet,
        }))
      } catch (error) {
        // A refusal sent nothing: the next run may try again. Any other failure leaves the outcome unknown.
        if (error instanceof LiquidityRefused)
          await db.update(orders).set({ withdrawalRequestedAt: null }).where(eq(orders.id, order.id))
        throw error
      }
      return await completeDelivery(current, txId, `Delivered to ${order.wallet}, transaction ${txId}`, 'system')
    } catch (error) {
      if (error instanceof AppError) throw error
      log.error(
        { err: error, order: order.reference },
        'settlement step failed; the order stays where it is for a retry',
      )
      return statusOf(order.id)
    }
  }

  /**
   * The retry job: paid orders not yet bought and bought orders not yet sent, left by a failed or interrupted run.
   * Withdrawals whose outcome is unknown are not among them; they wait for an operator.
   */
  async function settleWaitingOrders(): Promise<number> {
    const now = clock.now()
    const quietSince = new Date(now.getTime() - SETTLEMENT_RETRY_AFTER_SECONDS * 1000)
    const waiting = await db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(
        and(
          or(
            eq(orders.status, 'paid'),
            and(
              eq(orders.status, 'processing'),
              ne(orders.wallet, PLACEHOLDER_WALLET),
              isNull(orders.withdrawalRequestedAt),
            ),
          ),
          lt(orders.updatedAt, quietSince),
          leaseFree(now),
        ),
      )
      .orderBy(orders.updatedAt)
      .limit(SETTLEMENT_BATCH)
    let moved = 0
    for (const { id, status } of waiting) {
      if ((await settlePaidOrder(id)) !== status) moved += 1
    }
    return moved
  }

  /** Withdrawals whose outcome is unknown, for the operator view. */
  async function withdrawalsToCheck() {
    return db
      .select({
        reference: orders.reference,
        crypto: orders.crypto,
        cryptoAmount: orders.cryptoAmount,
        wallet: orders.wallet,
        withdrawalRequestedAt: orders.withdrawalRequestedAt,
      })
      .from(orders)
      .where(and(eq(orders.status, 'processing'), isNotNull(orders.withdrawalRequestedAt), leaseFree(clock.now())))
      .orderBy(orders.withdrawalRequestedAt)
  }

  /**
   * Runs an operator's decision on a withdrawal of unknown outcome while holding the order: refused when the order
   * has no such withdrawal, or when a run holds it (that run's own answer decides, not a look at the exchange).
   */
  async function decideUncheckedWithdrawal(
    reference: string,
    decide: (order: OrderRow) => Promise<OrderStatus>,
  ): Promise<OrderStatus> {
    const [found] = await db.select({ id: orders.id }).from(orders).where(eq(orders.reference, reference))
    if (!found) throw new AppError('order_not_found')
    const run = await withSettlementLease(found.id, async (order) => {
      if (order.status !== 'processing' || !order.withdrawalRequestedAt) throw new AppError('transition_not_allowed')
      return decide(order)
    })
    if (run.held) throw new AppError('transition_not_allowed')
    return run.result
  }

  /** The operator found the withdrawal at the exchange: its transaction id completes the order. */
  async function recordDelivery(reference: string, txId: string, by: string): Promise<OrderStatus> {
    return decideUncheckedWithdrawal(reference, (order) =>
      completeDelivery(
        order,
        txId,
        `Delivered to ${order.wallet}, transaction ${txId} (found at the exchange by operator ${by})`,
        'operator',
      ),
    )
  }

  /** The operator found no withdrawal at the exchange: it is sent again, now, by the run that holds the order. */
  async function retryWithdrawal(reference: string, by: string): Promise<OrderStatus> {
    return decideUncheckedWithdrawal(reference, async (order) => {
      const cleared = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ withdrawalRequestedAt: null })
          .where(eq(orders.id, order.id))
          .returning()
        await orderService.recordOrderNote(
          tx,
          order,
          `No withdrawal found at the exchange; sent again by operator ${by}`,
          'operator',
        )
        return row!
      })
      return settleHeld(cleared)
    })
  }

  /** `orderLpToBroker`: the customer's own paid order goes to the liquidity provider (once). */
  async function sendOwnOrderToBroker(customerId: string, reference: string): Promise<OrderStatus> {
    const order = await orderService.findOwnOrder(db, customerId, reference)
    if (!isPaid(order.status)) throw new AppError('transition_not_allowed')
    return settlePaidOrder(order.id)
  }

  /** The customer's answer to a payment that arrived after the price expired. */
  async function decideLatePayment(
    customerId: string,
    reference: string,
    decision: 'reprice' | 'refund',
  ): Promise<OrderStatus> {
    const order = await orderService.findOwnOrder(db, customerId, reference)
    const [transfer] = await db
      .select()
      .from(incomingTransfers)
      .where(and(eq(incomingTransfers.orderId, order.id), eq(incomingTransfers.outcome, 'late_awaiting_consent')))
      .orderBy(desc(incomingTransfers.receivedAt))
      .limit(1)
    if (!transfer || order.status !== 'expired') throw new AppError('transition_not_allowed')
    const customer = await emailOf(db, customerId)
    const amountText = money(transfer.amount, transfer.currency)

    if (decision === 'refund') {
      await db.transaction(async (tx) => {
        await refund(tx, {
          orderId: order.id,
          transferId: transfer.id,
          amount: transfer.amount,
          currency: transfer.currency,
          toIban: transfer.payerIban,
          reason: 'Late payment: the customer chose a refund',
          by: 'customer',
        })
        await orderService.applyTransition(
          tx,
          order,
          'refunded',
          `Late payment of ${amountText} refunded at the customer's choice`,
          'customer',
        )
        await tx
          .update(incomingTransfers)
          .set({ outcome: 'refunded', decidedAt: clock.now(), decidedBy: 'customer' })
          .where(eq(incomingTransfers.id, transfer.id))
      })
      if (customer)
        await mail.sendOrderUpdate(customer.email, order.reference, 'order_refunded', {
          headline: 'Refund on its way',
          lead: `We are sending ${amountText} back to the account it came from.`,
          rows: [
            ['Amount', amountText],
            ['To', transfer.payerIban],
          ],
        })
      return 'refunded'
    }

    const price = await rates.priceFor(order.crypto as CryptoCurrency, order.fiat as FiatCurrency)
    const quote = quoteForFiat(transfer.amount, price, rates.decimalsOf(order.crypto as CryptoCurrency))
    await db.transaction(async (tx) => {
      await tx
        .update(orders)
        .set({
          fiatAmount: quote.fiatAmount,
          fee: quote.fee,
          netFiat: quote.netFiat,
          cryptoAmount: quote.cryptoAmount,
          midRate: price.mid,
          spreadBps: price.spreadBps,
          feeBps: price.feeBps,
          customerRate: quote.rate,
          rateSource: price.source,
          rateFetchedAt: price.fetchedAt,
          priceExpiresAt: new Date(clock.now().getTime() + quoteTtlSeconds * 1000),
          updatedAt: clock.now(),
        })
        .where(eq(orders.id, order.id))
      await orderService.applyTransition(
        tx,
        order,
        'paid',
        `Re-priced at ${money(quote.rate, order.fiat)} per coin with the customer's consent (${amountText})`,
        'customer',
      )
      await tx
        .update(incomingTransfers)
        .set({ outcome: 'repriced', decidedAt: clock.now(), decidedBy: 'customer' })
        .where(eq(incomingTransfers.id, transfer.id))
    })
    return settlePaidOrder(order.id)
  }

  /** An operator accepts a payment held because the payer's name differed; it then counts as the customer's. */
  async function approveHeldTransfer(transferId: string, by: string): Promise<OrderStatus> {
    const approved = await db.transaction(async (tx) => {
      const [transfer] = await tx.select().from(incomingTransfers).where(eq(incomingTransfers.id, transferId))
      if (!transfer || transfer.outcome !== 'held_name_mismatch' || !transfer.orderId)
        throw new AppError('transition_not_allowed')
      const [order] = await tx.select().from(orders).where(eq(orders.id, transfer.orderId))
      if (!order || !(OPEN_STATUSES as readonly string[]).includes(order.status) || order.priceExpiresAt <= clock.now())
        throw new AppError('transition_not_allowed')
      if (compareAmounts(transfer.amount, order.fiatAmount) < 0) throw new AppError('transition_not_allowed')
      const excess = subtractAmounts(transfer.amount, order.fiatAmount)
      if (compareAmounts(excess, '0') > 0) {
        await refund(tx, {
          orderId: order.id,
          transferId,
          amount: excess,
          currency: transfer.currency,
          toIban: transfer.payerIban,
          reason: 'Overpayment: the excess',
          by,
        })
      }
      await markPaid(tx, order, `Payment from "${transfer.payerName}" approved by operator ${by}`)
      await tx
        .update(incomingTransfers)
        .set({ outcome: 'approved', decidedAt: clock.now(), decidedBy: by })
        .where(eq(incomingTransfers.id, transferId))
      return { order, transfer, excess }
    })
    const { order, transfer, excess } = approved
    const customer = await emailOf(db, order.customerId)
    if (customer) {
      const amountText = money(transfer.amount, transfer.currency)
      await mail.sendOrderUpdate(customer.email, order.reference, 'order_paid', {
        headline: 'Payment received',
        lead: `We checked your payment of ${amountText} and accepted it. We are buying your coins now.`,
        rows: [
          ['Received', amountText],
          ...(compareAmounts(excess, '0') > 0
            ? [['Refund of the excess', money(excess, transfer.currency)] as [string, string]]
            : []),
        ],
      })
    }
    return settlePaidOrder(order.id)
  }

  /** An operator sends held or unmatched money back; an open order it was meant for fails. */
  async function refundTransfer(transferId: string, reason: string, by: string): Promise<void> {
    const refunded = await db.transaction(async (tx) => {
      const [transfer] = await tx.select().from(incomingTransfers).where(eq(incomingTransfers.id, transferId))
      if (!transfer || !['held_name_mismatch', 'unmatched'].includes(transfer.outcome))
        throw new AppError('transition_not_allowed')
      await refund(tx, {
        orderId: transfer.orderId,
        transferId,
        amount: transfer.amount,
        currency: transfer.currency,
        toIban: transfer.payerIban,
        reason,
        by,
      })
      await tx
        .update(incomingTransfers)
        .set({ outcome: 'refunded', decidedAt: clock.now(), decidedBy: by })
        .where(eq(incomingTransfers.id, transferId))
      const [order] = transfer.orderId ? await tx.select().from(orders).where(eq(orders.id, transfer.orderId)) : []
      if (order && order.status === 'awaiting_payment')
        await orderService.applyTransition(
          tx,
          order,
          'failed',
          `Payment refunded by operator ${by}: ${reason}`,
          'operator',
        )
      return { transfer, order }
    })
    // Money that matched no order has no customer to tell; the bank's return reaches the payer.
    const { transfer, order } = refunded
    const customer = order ? await emailOf(db, order.customerId) : undefined
    if (order && customer) {
      const amountText = money(transfer.amount, transfer.currency)
      await mail.sendOrderUpdate(customer.email, order.reference, 'order_refunded', {
        headline: 'Payment returned',
        lead: `We did not accept your payment of ${amountText} and are sending it back to the account it came from. Nothing was bought.`,
        rows: [
          ['Amount', amountText],
          ['To', transfer.payerIban],
          ['Reason', reason],
        ],
        note: 'You can start a new order and pay from an account in your own name at any time.',
      })
    }
  }

  /** An operator refunds a paid order that cannot be filled (e.g. the liquidity provider refused it). */
  async function refundPaidOrder(reference: string, reason: string, by: string): Promise<void> {
    const [found] = await db.select({ id: orders.id }).from(orders).where(eq(orders.reference, reference))
    if (!found) throw new AppError('order_not_found')
    // The refund holds the order too: an order being bought right now is not refunded under its feet.
    const run = await withSettlementLease(found.id, async (order) => {
      if (order.status !== 'paid') throw new AppError('transition_not_allowed')
      const transfer = await db.transaction(async (tx) => {
        const [transfer] = await tx
          .select()
          .from(incomingTransfers)
          .where(eq(incomingTransfers.orderId, order.id))
          .orderBy(desc(incomingTransfers.receivedAt))
          .limit(1)
        await refund(tx, {
          orderId: order.id,
          transferId: transfer?.id ?? null,
          amount: order.fiatAmount,
          currency: order.fiat,
          toIban: transfer?.payerIban ?? null,
          reason,
          by,
        })
        await orderService.applyTransition(tx, order, 'refunded', `Refunded by operator ${by}: ${reason}`, 'operator')
        return transfer
      })
      const customer = await emailOf(db, order.customerId)
      const amountText = money(order.fiatAmount, order.fiat)
      if (customer) {
        await mail.sendOrderUpdate(customer.email, order.reference, 'order_refunded', {
          headline: 'Order refunded',
          lead: `We could not fill your order and are sending your ${amountText} back. Nothing was bought.`,
          rows: [
            ['Amount', amountText],
            ['To', transfer?.payerIban ?? 'the card or account you paid with'],
            ['Reason', reason],
          ],
        })
      }
    })
    if (run.held) throw new AppError('transition_not_allowed')
  }

  return {
    receiveBankTransfer,
    receiveHostedPaymentResult,
    settlePaidOrder,
    settleWaitingOrders,
    withdrawalsToCheck,
    recordDelivery,
    retryWithdrawal,
    sendOwnOrderToBroker,
    decideLatePayment,
    approveHeldTransfer,
    refundTransfer,
    refundPaidOrder,
  }
}
