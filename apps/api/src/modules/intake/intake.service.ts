import { and, desc, eq, inArray, ne } from 'drizzle-orm'
import { type CryptoCurrency, FIAT_DECIMALS, type FiatCurrency } from '@exchange/shared/currencies'
import { compareAmounts, isDecimalString, scaleByBps } from '@exchange/shared/money'
import { OPEN_STATUSES, type OrderStatus, isPaid, isTransitionAllowed } from '@exchange/shared/order-rules'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { type TransferOutcome, incomingTransfers, webhookEvents } from '../../db/tables/modules/intake'
import { customers } from '../../db/tables/modules/customers'
import { orders } from '../../db/tables/modules/orders'
import { virtualIbans } from '../../db/tables/modules/payments'
import { AppError } from '../../errors'
import type { IncomingTransfer } from '../../providers/bank/bank-partner.provider'
import type { PspEvent } from '../../providers/psp/card-psp.provider'
import type { FulfilmentService } from '../fulfilment/fulfilment.service'
import { type OrderMail, type OrderMailEvent, type PendingOrderMail, fiatText } from '../order-mail/order-mail'
import type { OrderRow, OrderService } from '../orders/orders.service'
import { createPaymentRecords } from '../payments/payment-records'
import type { RecentNameChange } from '../customers/customers.service'
import type { RefundService } from '../refunds/refunds.service'
import type { PersonName } from '../../providers/identity/identity.provider'
import { type PayerNameHold, payerNameHolds, samePayerName } from './payer-name'
import { type TransferDecision, type TransferFacts, decideTransfer } from './transfer-matching'
import { CUSTOMER_NOTES } from '@exchange/shared/order-notes'

export interface IntakeDeps {
  db: Database
  clock: Clock
  orderService: OrderService
  refunds: RefundService
  fulfilment: FulfilmentService
  orderMail: OrderMail
  /** How far the current price may be worse than the order's before a late transfer needs the customer's consent. */
  repriceToleranceBps: number
  /**
   * The customers module's answer to "did this customer change an existing name within NAME_CHANGE_HOLD_HOURS?",
   * read in the deciding transaction (`recentNameChange`, decision 028).
   */
  recentNameChange: (customerId: string, options: { tx: Database }) => Promise<RecentNameChange | null>
  /**
   * The identity module's answer to "what name is on this customer's verified document?" (null before an approved
   * check): once there is one, it is the name payers are compared with, whatever the account says (decision 090).
   */
  verifiedNameOf: (customerId: string, options: { tx: Database }) => Promise<PersonName | null>
}

type TransferRow = typeof incomingTransfers.$inferSelect
type Actor = 'system' | 'operator' | 'customer'

const REFERENCE_IN_TEXT = /[A-Z0-9]{10}/g
/** Outcomes under which a transfer's money counts for its order. */
const COUNTED: TransferOutcome[] = ['matched', 'overpaid', 'approved', 'repriced']

/** An amount with at most the currency's decimals (a bank cannot move a thousandth of a euro). */
export function isWholeFiatAmount(amount: string): boolean {
  return isDecimalString(amount) && (amount.split('.')[1] ?? '').length <= FIAT_DECIMALS
}

/** Why a payment is held, in the words of the order's timeline and the operator's list. */
function heldBecause(holds: readonly PayerNameHold[], payerName: string, change: RecentNameChange | null | undefined) {
  return holds
    .map((hold) =>
      hold === 'payer_differs'
        ? `the payer "${payerName}" is not the customer`
        : change
          ? `the customer's name changed from "${change.oldName}" to "${change.newName}" at ${change.changedAt.toISOString()}, less than the hold time before this payment`
          : "the customer's name changed shortly before this payment",
    )
    .join('; ')
}

export type IntakeService = ReturnType<typeof createIntakeService>

/**
 * Money coming in: bank transfers and hosted-payment results. The only writer of `incoming_transfers` and
 * `webhook_events`. Every notice is stored first, keyed by its transfer or event id; its outcome is then decided with
 * the order locked, in one transaction with every effect (status, payments, refunds). A notice whose decision failed
 * stays `received` and is decided again when the party retries, so a 2xx always means the effect is stored.
 */
export function createIntakeService({
  db,
  clock,
  orderService,
  refunds,
  fulfilment,
  orderMail,
  repriceToleranceBps,
  recentNameChange,
  verifiedNameOf,
}: IntakeDeps) {
  const payments = createPaymentRecords({ clock })

  /** The customer's e-mail, and the name a payer must have: the verified document's, else the declared one. */
  async function customerOf(tx: Database, customerId: string) {
    const [customer] = await tx
      .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(eq(customers.id, customerId))
    if (!customer) return undefined
    const verified = await verifiedNameOf(customerId, { tx })
    return verified ? { ...customer, ...verified } : customer
  }

  async function findOrderFor(tx: Database, notice: Pick<TransferRow, 'paymentReference' | 'creditedIban'>) {
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

  /**
   * Moves an order to `to` through the steps the transition table asks for: an initiated order paid by reference
   * first awaits payment; an open order refunded for lateness first expires.
   */
  async function moveOrder(tx: Database, order: OrderRow, to: OrderStatus, cause: string, actor: Actor) {
    let current = order
    if (current.status === to) return current
    if (!isTransitionAllowed(current.status as OrderStatus, to)) {
      const via: OrderStatus = current.status === 'initiated' && to === 'paid' ? 'awaiting_payment' : 'expired'
      current = await orderService.applyTransition(tx, current, via, cause, actor)
    }
    return orderService.applyTransition(tx, current, to, cause, actor)
  }

  /** Whether buying now, at the current price, is within the tolerance of the order's price (decision 025). */
  async function currentPriceFor(order: OrderRow, amount: string) {
    const limits = orderService.checkLimits(order.fiat, amount)
    if (!limits.within) return null
    try {
      const priced = await orderService.fixPrice(
        order.crypto as CryptoCurrency,
        order.fiat as FiatCurrency,
        limits.amount,
      )
      const ceiling = scaleByBps(order.customerRate, repriceToleranceBps, 10)
      return { priced, limits, withinTolerance: compareAmounts(priced.quote.rate, ceiling) <= 0 }
    } catch (error) {
      // No fresh price to buy at: the customer decides later instead of a guess now.
      if (error instanceof AppError) return null
      throw error
    }
  }

  interface Decided {
    outcome: TransferOutcome
    note: string
    order: OrderRow | undefined
    mails: PendingOrderMail[]
    settle: boolean
  }

  /**
   * Applies a decision of the transfer-matching table to a transfer and its locked order, in the caller's transaction.
   * `how` says whose decision made the money count (a notice, or an operator who approved a held payment).
   */
  async function applyTransferDecision(
    tx: Database,
    transfer: TransferRow,
    locked: OrderRow | undefined,
    decision: TransferDecision,
    context: {
      email: string | undefined
      actor: Actor
      how: 'transfer' | 'approved'
      price: Awaited<ReturnType<typeof currentPriceFor>>
      /** The customer's latest name change within the hold time, named on the timeline when it holds the payment. */
      nameChange?: RecentNameChange | null
    },
  ): Promise<Decided> {
    const received = { amount: transfer.amount, currency: transfer.currency }
    const amountText = fiatText(transfer.amount, transfer.currency)
    const mails: PendingOrderMail[] = []
    const tell = (event: OrderMailEvent) => {
      if (context.email && locked) mails.push({ to: context.email, reference: locked.reference, event })
    }
    const refundAll = (reason: string) =>
      refunds.queueRefund(tx, {
        orderId: locked?.id ?? null,
        transferId: transfer.id,
        amount: transfer.amount,
        currency: transfer.currency,
        toIban: transfer.payerIban,
        reason,
        by: context.actor,
      })
    const paidBy = {
      method: 'wire' as const,
      provider: 'bank',
      amount: transfer.amount,
      reference: transfer.providerTransferId,
    }

    if (decision.outcome === 'unmatched') {
      const note =
        decision.why === 'no_order' || !locked
          ? 'No order matches the reference or the account; held for an operator'
          : `Paid in ${transfer.currency.toUpperCase()} for an order in ${locked.fiat.toUpperCase()}; held for an operator`
      return { outcome: 'unmatched', note, order: locked, mails, settle: false }
    }
    const order = locked!
    switch (decision.outcome) {
      case 'held_possible_duplicate': {
        await orderService.recordOrderNote(
          tx,
          order,
          `Transfer of ${amountText} from ${transfer.payerName} looks like one already counted for this order: held for an operator`,
          'system',
        )
        return {
          outcome: 'held_possible_duplicate',
          note: 'Same order, amount and payer as a transfer already counted (a manual record or another notice); held for an operator, never refunded on its own',
          order,
          mails,
          settle: false,
        }
      }
      case 'no_open_order': {
        const note = `Order is ${order.status}; the money goes back`
        await refundAll(note)
        await orderService.recordOrderNote(
          tx,
          order,
          `Transfer of ${amountText} received for a ${order.status} order: refunded`,
          'system',
        )
        tell({ kind: 'payment_for_ended_order', received, orderStatus: order.status, refundTo: transfer.payerIban })
        return { outcome: 'no_open_order', note, order, mails, settle: false }
      }
      case 'held_name_mismatch': {
        const shortfall = decision.shortfall
        const short = shortfall ? `; ${fiatText(shortfall, order.fiat)} short of the order` : ''
        const reasons = heldBecause(decision.holds, transfer.payerName, context.nameChange)
        const cause = decision.holds.includes('name_recently_changed')
          ? `Payment of ${amountText} from "${transfer.payerName}" held for review: ${reasons}${short}`
          : `Payment of ${amountText} received from an account in another name: held for review${short}`
        const moved = await moveOrder(tx, order, 'payment_review', cause, 'system')
        tell({
          kind: 'payment_under_review',
          received,
          payerName: transfer.payerName,
          holds: decision.holds,
          ...(shortfall && { shortfall }),
        })
        return {
          outcome: 'held_name_mismatch',
          note: `Held for review: ${reasons}${short}`,
          order: moved,
          mails,
          settle: false,
        }
      }
      case 'refused_below_minimum': {
        const minimum = orderService.minimumOf(order.fiat)
        const note = `Arrived after the price expired and is below the minimum of ${fiatText(minimum, order.fiat)}; the money goes back`
        await refundAll('Below the minimum order')
        const moved = await moveOrder(tx, order, 'refunded', note, context.actor)
        tell({ kind: 'payment_below_minimum', received, minimum, refundTo: transfer.payerIban })
        return { outcome: 'refused_below_minimum', note, order: moved, mails, settle: false }
      }
      case 'late_awaiting_consent': {
        const moved = await moveOrder(tx, order, 'expired', 'The price time ran out before payment', 'system')
        await orderService.recordOrderNote(
          tx,
          moved,
          `Transfer of ${amountText} arrived after the price expired: your decision is needed`,
          'system',
        )
        tell({ kind: 'late_payment_decision', received })
        return {
          outcome: 'late_awaiting_consent',
          note: 'Arrived after the price expired, and the price moved beyond the tolerance; waiting for the customer to re-price or take a refund',
          order: moved,
          mails,
          settle: false,
        }
      }
      case 'repriced': {
        const price = context.price!
        const paid = await repriceAndPay(tx, order, transfer, price, context.actor, 'on arrival, within the tolerance')
        tell({
          kind: 'payment_repriced',
          received,
          bought: price.limits.within ? price.limits.amount : transfer.amount,
          rate: price.priced.quote.rate,
          ...(price.limits.within && { excess: price.limits.excess }),
        })
        return {
          outcome: 'repriced',
          note: `Arrived after the price expired; priced again at ${fiatText(price.priced.quote.rate, order.fiat)} per coin on arrival`,
          order: paid,
          mails,
          settle: true,
        }
      }
      case 'underpaid': {
        const needed = fiatText(order.fiatAmount, order.fiat)
        await refundAll('Underpayment')
        const moved = await moveOrder(
          tx,
          order,
          'failed',
          `Underpaid: received ${amountText} of ${needed}; the money goes back`,
          context.actor,
        )
        tell({ kind: 'payment_too_low', received, needed: order.fiatAmount, refundTo: transfer.payerIban })
        return {
          outcome: 'underpaid',
          note: `Received ${amountText} of ${needed}; refunded in full`,
          order: moved,
          mails,
          settle: false,
        }
      }
      case 'overpaid':
      case 'matched': {
        const excess = decision.outcome === 'overpaid' ? decision.excess : undefined
        if (excess)
          await refunds.queueRefund(tx, {
            orderId: order.id,
            transferId: transfer.id,
            amount: excess,
            currency: transfer.currency,
            toIban: transfer.payerIban,
            reason: 'Overpayment: the excess',
            by: context.actor,
          })
        const cause =
          context.how === 'approved'
            ? `Payment from "${transfer.payerName}" approved by operator`
            : excess
              ? `Payment received (${amountText}); the excess is refunded`
              : `Payment received (${amountText})`
        const moved = await moveOrder(tx, order, 'paid', cause, context.actor)
        await payments.settleOrderPayments(tx, order, paidBy)
        tell({ kind: 'payment_received', received, how: context.how, ...(excess && { excess }) })
        return {
          outcome: context.how === 'approved' ? 'approved' : decision.outcome,
          note: excess
            ? `Received ${amountText}, ${fiatText(excess, order.fiat)} more than needed; the excess goes back`
            : 'Exact amount received',
          order: moved,
          mails,
          settle: true,
        }
      }
    }
  }

  /** Money that came after the price ran out, bought at the current price within the limits; the rest goes back. */
  async function repriceAndPay(
    tx: Database,
    order: OrderRow,
    transfer: TransferRow,
    price: NonNullable<Awaited<ReturnType<typeof currentPriceFor>>>,
    actor: Actor,
    why: string,
  ): Promise<OrderRow> {
    const repriced = await orderService.repriceOrder(tx, order, price.priced)
    if (price.limits.within && compareAmounts(price.limits.excess, '0') > 0)
      await refunds.queueRefund(tx, {
        orderId: order.id,
        transferId: transfer.id,
        amount: price.limits.excess,
        currency: transfer.currency,
        toIban: transfer.payerIban,
        reason: 'Above the maximum order: the excess',
        by: actor,
      })
    const rate = fiatText(price.priced.quote.rate, order.fiat)
    const received = fiatText(transfer.amount, transfer.currency)
    const cause =
      actor === 'customer'
        ? CUSTOMER_NOTES.lateRepriceChosen.operator(rate, received)
        : `Re-priced at ${rate} per coin ${why} (${received})`
    const paid = await moveOrder(tx, repriced, 'paid', cause, actor)
    await payments.settleOrderPayments(tx, order, {
      method: 'wire',
      provider: 'bank',
      amount: transfer.amount,
      reference: transfer.providerTransferId,
    })
    return paid
  }

  /** Facts for the decision table, read with the order locked. */
  async function factsFor(
    tx: Database,
    transfer: TransferRow,
    order: OrderRow | undefined,
    customer: { firstName: string | null; lastName: string | null } | undefined,
    currentPrice: Awaited<ReturnType<typeof currentPriceFor>>,
    overrides: Partial<TransferFacts> = {},
  ): Promise<{
    facts: TransferFacts
    price: Awaited<ReturnType<typeof currentPriceFor>>
    nameChange: RecentNameChange | null
  }> {
    if (!order || !customer)
      return {
        facts: {
          order: null,
          amount: transfer.amount,
          currency: transfer.currency,
          payerNameHolds: ['payer_differs'],
          looksLikeCountedTransfer: false,
          minimum: '0',
          priceWithinTolerance: false,
        },
        price: null,
        nameChange: null,
      }
    const nameChange = await recentNameChange(order.customerId, { tx })
    const counted = await tx
      .select({ payerName: incomingTransfers.payerName, payerIban: incomingTransfers.payerIban })
      .from(incomingTransfers)
      .where(
        and(
          eq(incomingTransfers.orderId, order.id),
          ne(incomingTransfers.id, transfer.id),
          eq(incomingTransfers.amount, transfer.amount),
          eq(incomingTransfers.currency, transfer.currency),
          inArray(incomingTransfers.outcome, COUNTED),
        ),
      )
    const looksLikeCountedTransfer = counted.some(
      (earlier) => earlier.payerIban === transfer.payerIban || samePayerName(earlier.payerName, transfer.payerName),
    )
    const arrivedLate = transfer.receivedAt >= order.priceExpiresAt
    const late = order.status === 'expired' || arrivedLate
    const price = late ? currentPrice : null
    return {
      facts: {
        order: { status: order.status as OrderStatus, fiat: order.fiat, fiatAmount: order.fiatAmount, arrivedLate },
        amount: transfer.amount,
        currency: transfer.currency,
        payerNameHolds: payerNameHolds(transfer.payerName, { ...customer, nameChangedRecently: nameChange !== null }),
        looksLikeCountedTransfer,
        minimum: orderService.minimumOf(order.fiat),
        priceWithinTolerance: price?.withinTolerance ?? false,
        ...overrides,
      },
      price,
      nameChange,
    }
  }

  /** A bank partner's notice of money received (or an operator's record of a wire seen on the statement). */
  async function receiveBankTransfer(
    notice: IncomingTransfer,
  ): Promise<{ outcome: TransferOutcome; orderReference: string | null; duplicate: boolean }> {
    // A bank moves whole cents: anything finer is not a real amount, and nothing is stored for it.
    if (!isWholeFiatAmount(notice.amount)) throw new AppError('validation_failed', 400)
    await db
      .insert(incomingTransfers)
      .values({
        providerTransferId: notice.transferId,
        amount: notice.amount,
        currency: notice.currency,
        payerName: notice.payerName,
        payerIban: notice.payerIban,
        paymentReference: notice.paymentReference,
        creditedIban: notice.creditedIban,
        orderId: null,
        outcome: 'received',
        note: 'Received; outcome not yet decided',
        receivedAt: notice.receivedAt,
      })
      .onConflictDoNothing()
    return decideStoredTransfer(notice.transferId)
  }

  /** Decides a stored transfer's outcome once; a transfer already decided answers its outcome as a duplicate. */
  async function decideStoredTransfer(
    providerTransferId: string,
  ): Promise<{ outcome: TransferOutcome; orderReference: string | null; duplicate: boolean }> {
    // The current price is read before the transaction (the price source is not asked while rows are held); it is used
    // only if the order, read again with its row locked, is still late.
    const [stored] = await db
      .select()
      .from(incomingTransfers)
      .where(eq(incomingTransfers.providerTransferId, providerTransferId))
    const candidate = stored && stored.outcome === 'received' ? await findOrderFor(db, stored) : undefined
    const currentPrice = stored && candidate ? await currentPriceFor(candidate, stored.amount) : null
    const decided = await db.transaction(async (tx) => {
      const [transfer] = await tx
        .select()
        .from(incomingTransfers)
        .where(eq(incomingTransfers.providerTransferId, providerTransferId))
        .for('update')
      if (!transfer) throw new Error(`transfer ${providerTransferId} was not stored`)
      if (transfer.outcome !== 'received') {
        const [order] = transfer.orderId
          ? await tx.select({ reference: orders.reference }).from(orders).where(eq(orders.id, transfer.orderId))
          : []
        return { duplicate: true as const, outcome: transfer.outcome, reference: order?.reference ?? null }
      }
      const named = await findOrderFor(tx, transfer)
      const order = named ? await orderService.lockOrder(tx, named.id) : undefined
      const customer = order ? await customerOf(tx, order.customerId) : undefined
      const usable = order && candidate && order.id === candidate.id ? currentPrice : null
      const { facts, price, nameChange } = await factsFor(tx, transfer, order, customer, usable)
      const result = await applyTransferDecision(tx, transfer, order, decideTransfer(facts), {
        email: customer?.email,
        actor: 'system',
        how: 'transfer',
        price,
        nameChange,
      })
      await tx
        .update(incomingTransfers)
        .set({ outcome: result.outcome, note: result.note, orderId: order?.id ?? null })
        .where(eq(incomingTransfers.id, transfer.id))
      await orderMail.sendAll(result.mails, tx)
      return { duplicate: false as const, ...result }
    })
    if (decided.duplicate) return { outcome: decided.outcome, orderReference: decided.reference, duplicate: true }
    if (decided.settle && decided.order) await fulfilment.settlePaidOrder(decided.order.id)
    return { outcome: decided.outcome, orderReference: decided.order?.reference ?? null, duplicate: false }
  }

  /**
   * A verified notice of a hosted payment (card PSP or pay-by-bank): the only thing that marks such a payment paid or
   * failed. Stored first by event id; decided with the payment and the order locked; a repeat of a decided event is a
   * duplicate, a repeat of an undecided one (its decision failed) is decided now.
   */
  async function receiveHostedPaymentResult(
    provider: string,
    event: PspEvent,
  ): Promise<{ duplicate: boolean; orderStatus: OrderStatus | null }> {
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
      const decided = await decideHostedResult(tx, event)
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

  async function decideHostedResult(
    tx: Database,
    event: PspEvent,
  ): Promise<{ order: OrderRow | undefined; paid: boolean; mails: PendingOrderMail[] }> {
    const mails: PendingOrderMail[] = []
    const payment = await payments.lockHostedPayment(tx, event.sessionId, orderService.lockOrder)
    // A payment already decided (another event for the same session): its effect is stored, nothing more to do.
    if (!payment || payment.status === 'succeeded' || payment.status === 'failed')
      return { order: undefined, paid: false, mails }
    // Already held by lockHostedPayment (order before payment); read again here for its current state.
    const order = await orderService.lockOrder(tx, payment.orderId)
    if (!order) return { order: undefined, paid: false, mails }
    const customer = await customerOf(tx, order.customerId)
    const tell = (mailEvent: OrderMailEvent) => {
      if (customer) mails.push({ to: customer.email, reference: order.reference, event: mailEvent })
    }
    const amount = { amount: payment.amount, currency: payment.currency }
    const amountText = fiatText(payment.amount, payment.currency)
    const kind = payment.method === 'card' ? 'Card payment' : 'Pay-by-bank payment'
    if (event.outcome === 'succeeded') {
      if (order.status === 'awaiting_payment' && payment.status !== 'cancelled') {
        const paid = await moveOrder(tx, order, 'paid', `${kind} of ${amountText} confirmed by the provider`, 'system')
        await payments.settleOrderPayments(tx, order, { paymentId: payment.id })
        tell({ kind: 'payment_received', received: amount, how: 'hosted' })
        return { order: paid, paid: true, mails }
      }
      // Charged for an order that this payment no longer pays (the order ended, or was paid another way): nothing is
      // bought and the money goes back the way it came. The return page shows the reason.
      const back = payment.method === 'card' ? 'to your card' : 'to the account you paid from'
      const paidAnotherWay = payment.status === 'cancelled' || isPaid(order.status)
      const why =
        order.status === 'expired'
          ? 'The price of this order ran out before your payment arrived.'
          : paidAnotherWay
            ? 'This order was already paid another way before this payment arrived.'
            : `This order was ${order.status === 'payment_review' ? 'paid by a payment now under review' : order.status} before your payment arrived.`
      await payments.recordUnneededCharge(tx, payment.id, `${why} We are sending ${amountText} back ${back}.`)
      await refunds.queueRefund(tx, {
        orderId: order.id,
        transferId: null,
        amount: payment.amount,
        currency: payment.currency,
        toIban: null,
        reason: paidAnotherWay
          ? `${kind} for an order already paid another way`
          : `${kind} for a ${order.status} order`,
        by: 'system',
      })
      await orderService.recordOrderNote(
        tx,
        order,
        `${kind} of ${amountText} arrived for a ${order.status} order: refunded`,
        'system',
      )
      tell({ kind: 'hosted_payment_returned', received: amount, why, back })
      return { order, paid: false, mails }
    }
    const reason = event.failureReason ?? 'The payment did not go through.'
    await payments.recordFailure(tx, payment.id, reason)
    // A cancelled checkout that fails changes nothing else: the order was paid another way.
    if (payment.status === 'cancelled') return { order, paid: false, mails }
    if (order.status !== 'awaiting_payment') return { order, paid: false, mails }
    // Another attempt (a second card, a transfer on its way) may still pay the order: it keeps waiting for that.
    if ((await payments.openPaymentMethods(tx, order.id)).length > 0) {
      await orderService.recordOrderNote(tx, order, `${kind} failed: ${reason}`, 'system')
      return { order, paid: false, mails }
    }
    // A decline or a cancelled checkout while the price holds: the order stays open for another card or another way
    // to pay, at the same price, until its price time (decision 048).
    const openUntil = order.priceExpiresAt > clock.now() ? order.priceExpiresAt : null
    if (openUntil)
      await orderService.applyTransition(
        tx,
        order,
        'initiated',
        `${kind} failed: ${reason} The order stays open.`,
        'system',
      )
    else await orderService.applyTransition(tx, order, 'failed', `${kind} failed: ${reason}`, 'system')
    tell({ kind: 'hosted_payment_failed', amount, method: kind, reason, openUntil })
    return { order, paid: false, mails }
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

  /**
   * Both answers to a late payment, priced now exactly as `decideLatePayment` would price them (decision 049); reads
   * only. Below the minimum order there is nothing to buy; above the maximum the excess goes back.
   */
  async function quoteLatePayment(customerId: string, reference: string) {
    const order = await orderService.findOwnOrder(db, customerId, reference)
    const transfer = order.status === 'expired' ? await lateTransferOf(db, order.id, false) : undefined
    if (!transfer) throw new AppError('transition_not_allowed')
    const minimum = orderService.minimumOf(order.fiat)
    const belowMinimum = compareAmounts(transfer.amount, minimum) < 0
    const price = belowMinimum ? null : await currentPriceFor(order, transfer.amount)
    if (!belowMinimum && !price) throw new AppError('rates_unavailable')
    const quote = price?.priced.quote
    return {
      received: {
        amount: transfer.amount,
        currency: transfer.currency as FiatCurrency,
        receivedAt: transfer.receivedAt.toISOString(),
      },
      buy:
        quote && price?.limits.within
          ? {
              fiatAmount: quote.fiatAmount,
              fee: quote.fee,
              netFiat: quote.netFiat,
              cryptoAmount: quote.cryptoAmount,
              crypto: order.crypto,
              rate: quote.rate,
              previousRate: order.customerRate,
              excess: price.limits.excess,
            }
          : null,
      minimum,
      refund: {
        amount: transfer.amount,
        currency: transfer.currency as FiatCurrency,
        toAccountEnding: transfer.payerIban.replace(/\s/g, '').slice(-4) || null,
      },
    }
  }

  /**
   * The customer's answer to a payment that arrived after the price expired and beyond the tolerance. Buying names the
   * price per coin the customer was shown: a price that moved against them since is refused (`price_changed`) with
   * nothing stored; the same or a better price is bought at the price of now (decision 049).
   */
  async function decideLatePayment(
    customerId: string,
    reference: string,
    decision: 'reprice' | 'refund',
    quotedRate?: string,
  ): Promise<OrderStatus> {
    const own = await orderService.findOwnOrder(db, customerId, reference)
    const latest = (tx: Database) => lateTransferOf(tx, own.id, true)
    // The price is read before the transaction: a price source outage answers before anything is held.
    const priced = decision === 'reprice' ? await currentPriceFor(own, (await latest(db))?.amount ?? '0') : null
    if (priced && quotedRate !== undefined && compareAmounts(priced.priced.quote.rate, quotedRate) > 0)
      throw new AppError('price_changed')
    const done = await db.transaction(async (tx) => {
      const transfer = await latest(tx)
      const order = await orderService.lockOrder(tx, own.id)
      if (!transfer || !order || order.status !== 'expired') throw new AppError('transition_not_allowed')
      const customer = await customerOf(tx, customerId)
      const received = { amount: transfer.amount, currency: transfer.currency }
      const mails: PendingOrderMail[] = []
      const tell = (event: OrderMailEvent) => {
        if (customer) mails.push({ to: customer.email, reference: order.reference, event })
      }
      const settle = async (outcome: TransferOutcome) =>
        tx
          .update(incomingTransfers)
          .set({ outcome, decidedAt: clock.now(), decidedBy: 'customer' })
          .where(eq(incomingTransfers.id, transfer.id))
      const minimum = orderService.minimumOf(order.fiat)
      if (decision === 'refund' || compareAmounts(transfer.amount, minimum) < 0) {
        const why =
          decision === 'refund'
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
        await orderService.applyTransition(
          tx,
          order,
          'refunded',
          decision === 'refund'
            ? CUSTOMER_NOTES.lateRefundChosen.operator(fiatText(transfer.amount, transfer.currency))
            : `${why}: refunded`,
          'customer',
        )
        await settle('refunded')
        tell(
          decision === 'refund'
            ? { kind: 'late_payment_refunded', received, to: transfer.payerIban }
            : { kind: 'payment_below_minimum', received, minimum, refundTo: transfer.payerIban },
        )
        await orderMail.sendAll(mails, tx)
        return { status: 'refunded' as OrderStatus, settleOrder: false }
      }
      if (!priced) throw new AppError('rates_unavailable')
      await repriceAndPay(tx, order, transfer, priced, 'customer', "with the customer's consent")
      await settle('repriced')
      await orderMail.sendAll(mails, tx)
      return { status: 'paid' as OrderStatus, settleOrder: true }
    })
    return done.settleOrder ? fulfilment.settlePaidOrder(own.id) : done.status
  }

  /**
   * An operator accepts a payment held because the payer's name differed; it then counts as the customer's and goes
   * through the same table as a notice whose payer is the customer. Money that arrived while the price held buys at
   * that price however long the check took; a short payment cannot be approved (it is refunded instead).
   */
  async function approveHeldTransfer(transferId: string, by: string): Promise<OrderStatus> {
    const [held] = await db.select().from(incomingTransfers).where(eq(incomingTransfers.id, transferId))
    const [heldOrder] = held?.orderId ? await db.select().from(orders).where(eq(orders.id, held.orderId)) : []
    const currentPrice = held && heldOrder ? await currentPriceFor(heldOrder, held.amount) : null
    const decided = await db.transaction(async (tx) => {
      const [transfer] = await tx
        .select()
        .from(incomingTransfers)
        .where(eq(incomingTransfers.id, transferId))
        .for('update')
      if (!transfer || transfer.outcome !== 'held_name_mismatch' || !transfer.orderId)
        throw new AppError('transition_not_allowed')
      const order = await orderService.lockOrder(tx, transfer.orderId)
      if (!order || !(['payment_review', ...OPEN_STATUSES] as readonly string[]).includes(order.status))
        throw new AppError('transition_not_allowed')
      const customer = await customerOf(tx, order.customerId)
      const arrivedLate = transfer.receivedAt >= order.priceExpiresAt
      const { facts, price } = await factsFor(
        tx,
        transfer,
        { ...order, status: 'awaiting_payment' },
        customer,
        currentPrice,
        {
          // The person who approves has compared the payer and any recent change of name: neither holds it again.
          payerNameHolds: [],
          looksLikeCountedTransfer: false,
        },
      )
      const decision = decideTransfer({ ...facts, order: { ...facts.order!, arrivedLate } })
      if (decision.outcome === 'underpaid') throw new AppError('transition_not_allowed')
      const result = await applyTransferDecision(tx, transfer, order, decision, {
        email: customer?.email,
        actor: 'operator',
        how: 'approved',
        price,
      })
      await tx
        .update(incomingTransfers)
        .set({ outcome: result.outcome, note: result.note, decidedAt: clock.now(), decidedBy: by })
        .where(eq(incomingTransfers.id, transferId))
      await orderMail.sendAll(result.mails, tx)
      return result
    })
    if (decided.settle && decided.order) return fulfilment.settlePaidOrder(decided.order.id)
    return (decided.order?.status ?? 'failed') as OrderStatus
  }

  /** An operator sends held or unmatched money back; an order it was meant for that still waits for it fails. */
  async function refundTransfer(transferId: string, reason: string, by: string): Promise<void> {
    await db.transaction(async (tx) => {
      const [transfer] = await tx
        .select()
        .from(incomingTransfers)
        .where(eq(incomingTransfers.id, transferId))
        .for('update')
      if (!transfer || !['held_name_mismatch', 'held_possible_duplicate', 'unmatched'].includes(transfer.outcome))
        throw new AppError('transition_not_allowed')
      await refunds.queueRefund(tx, {
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
      const order = transfer.orderId ? await orderService.lockOrder(tx, transfer.orderId) : undefined
      if (order && (order.status === 'awaiting_payment' || order.status === 'payment_review'))
        await orderService.applyTransition(tx, order, 'failed', `Payment refunded by our team: ${reason}`, 'operator')
      // Money that matched no order has no customer to tell; the bank's return reaches the payer.
      const customer = order ? await customerOf(tx, order.customerId) : undefined
      if (order && customer)
        await orderMail.send(
          {
            to: customer.email,
            reference: order.reference,
            event: {
              kind: 'transfer_returned',
              received: { amount: transfer.amount, currency: transfer.currency },
              to: transfer.payerIban,
              reason,
            },
          },
          tx,
        )
    })
  }

  /** The transfer that most recently paid an order, for a refund of the whole order. */
  async function latestTransferOf(tx: Database, orderId: string): Promise<TransferRow | undefined> {
    const [transfer] = await tx
      .select()
      .from(incomingTransfers)
      .where(eq(incomingTransfers.orderId, orderId))
      .orderBy(desc(incomingTransfers.receivedAt))
      .limit(1)
    return transfer
  }

  /** Transfers an operator decides on: held for a name check, looking like one already counted, or matching nothing. */
  async function heldTransfers() {
    return db
      .select()
      .from(incomingTransfers)
      .where(inArray(incomingTransfers.outcome, ['held_name_mismatch', 'held_possible_duplicate', 'unmatched']))
      .orderBy(desc(incomingTransfers.receivedAt))
  }

  return {
    receiveBankTransfer,
    receiveHostedPaymentResult,
    quoteLatePayment,
    decideLatePayment,
    approveHeldTransfer,
    refundTransfer,
    latestTransferOf,
    heldTransfers,
  }
}
