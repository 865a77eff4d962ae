import { compareAmounts } from '@exchange/shared/money'
import { type EntryOf, type OrderTrailEntry, holdReasons, operatorWords, shortOf } from '@exchange/shared/order-trail'
import type { Database } from '../../db/client'
import type { TransferOutcome } from '../../db/tables/modules/intake'
import type { RecentNameChange } from '../customers/customers.service'
import { type OrderMailEvent, type PendingOrderMail, fiatText } from '../order-mail/order-mail'
import type { OrderRow } from '../orders/orders.service'
import {
  type Actor,
  type CurrentPrice,
  type IntakeDeps,
  type IntakeSteps,
  type TransferRow,
  given,
} from './intake-steps'
import type { PayerNameHold } from './payer-name'
import type { TransferDecision } from './transfer-matching'

/** What a decided transfer leaves: its outcome and note, its order as moved, the mails to send, whether to settle. */
interface Decided {
  outcome: TransferOutcome
  note: string
  order: OrderRow | undefined
  mails: PendingOrderMail[]
  settle: boolean
}

/** Who decided, and what the effects need besides the transfer and its order. */
interface DecisionContext {
  email: string | undefined
  actor: Actor
  /** Whose decision made the money count: a notice, or an operator who approved a held payment. */
  how: 'transfer' | 'approved'
  price: CurrentPrice
  /** The customer's latest name change within the hold time, named on the timeline when it holds the payment. */
  nameChange?: RecentNameChange | null
}

/** What the effects are made of: the order's moves, the refund queue and the payment records. */
interface EffectOps {
  orderService: IntakeDeps['orderService']
  refunds: IntakeDeps['refunds']
  payments: IntakeSteps['payments']
  moveOrder: IntakeSteps['moveOrder']
}

/** One transfer and its locked order being decided, in the caller's transaction. */
interface Effect {
  ops: EffectOps
  tx: Database
  transfer: TransferRow
  order: OrderRow
  context: DecisionContext
  mails: PendingOrderMail[]
  tell: (event: OrderMailEvent) => void
  received: { amount: string; currency: string }
  amountText: string
}

/** The whole transfer goes back to the account it came from. */
const refundAll = ({ ops, tx, transfer, order, context }: Effect, reason: string) =>
  ops.refunds.queueRefund(tx, {
    orderId: order.id,
    transferId: transfer.id,
    amount: transfer.amount,
    currency: transfer.currency,
    toIban: transfer.payerIban,
    reason,
    by: context.actor,
  })

/**
 * Applies a decision of the transfer-matching table to a transfer and its locked order, in the caller's transaction.
 */
async function applyTransferDecision(
  ops: EffectOps,
  tx: Database,
  transfer: TransferRow,
  locked: OrderRow | undefined,
  decision: TransferDecision,
  context: DecisionContext,
): Promise<Decided> {
  const mails: PendingOrderMail[] = []
  if (decision.outcome === 'unmatched' || !locked) {
    const note =
      decision.outcome !== 'unmatched' || decision.why === 'no_order' || !locked
        ? 'No order matches the reference or the account; held for an operator'
        : `Paid in ${transfer.currency.toUpperCase()} for an order in ${locked.fiat.toUpperCase()}; held for an operator`
    return { outcome: 'unmatched', note, order: locked, mails, settle: false }
  }
  const effect: Effect = {
    ops,
    tx,
    transfer,
    order: locked,
    context,
    mails,
    tell: (event) => {
      if (context.email) mails.push({ to: context.email, reference: locked.reference, event })
    },
    received: { amount: transfer.amount, currency: transfer.currency },
    amountText: fiatText(transfer.amount, transfer.currency),
  }
  switch (decision.outcome) {
    case 'held_possible_duplicate':
      return holdPossibleDuplicate(effect)
    case 'no_open_order':
      return refundForEndedOrder(effect)
    case 'held_name_mismatch':
      return holdForName(effect, decision.holds, decision.shortfall)
    case 'refused_below_minimum':
      return refuseBelowMinimum(effect)
    case 'late_awaiting_consent':
      return awaitConsent(effect)
    case 'repriced':
      return repriceOnArrival(effect)
    case 'underpaid':
      return refundUnderpayment(effect)
    case 'overpaid':
      return pay(effect, decision.outcome, decision.excess)
    case 'matched':
      return pay(effect, decision.outcome, undefined)
  }
}

async function holdPossibleDuplicate({ ops, tx, transfer, order, mails, received }: Effect): Promise<Decided> {
  await ops.orderService.recordOrderNote(
    tx,
    order,
    { kind: 'transfer_possible_duplicate', received, payerName: transfer.payerName },
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

async function refundForEndedOrder(effect: Effect): Promise<Decided> {
  const { ops, tx, transfer, order, mails, tell, received } = effect
  const note = `Order is ${order.status}; the money goes back`
  await refundAll(effect, note)
  await ops.orderService.recordOrderNote(
    tx,
    order,
    { kind: 'transfer_for_ended_order', received, orderStatus: order.status },
    'system',
  )
  tell({ kind: 'payment_for_ended_order', received, orderStatus: order.status, refundTo: transfer.payerIban })
  return { outcome: 'no_open_order', note, order, mails, settle: false }
}

async function holdForName(effect: Effect, holds: PayerNameHold[], shortfall: string | null): Promise<Decided> {
  const { ops, tx, transfer, order, context, mails, tell, received } = effect
  const change = context.nameChange
  const held: EntryOf<'transfer_held'> = {
    kind: 'transfer_held',
    received,
    payerName: transfer.payerName,
    holds,
    nameChange: change ? { ...change, changedAt: change.changedAt.toISOString() } : null,
    shortfall: shortfall ? { amount: shortfall, currency: order.fiat } : null,
  }
  const moved = await ops.moveOrder(tx, order, 'payment_review', held, 'system')
  tell({
    kind: 'payment_under_review',
    received,
    payerName: transfer.payerName,
    holds,
    ...(shortfall && { shortfall }),
  })
  return {
    outcome: 'held_name_mismatch',
    note: `Held for review: ${holdReasons(held)}${shortOf(held)}`,
    order: moved,
    mails,
    settle: false,
  }
}

async function refuseBelowMinimum(effect: Effect): Promise<Decided> {
  const { ops, tx, transfer, order, context, mails, tell, received } = effect
  const minimum = ops.orderService.minimumOf(order.fiat)
  const below: OrderTrailEntry = {
    kind: 'late_below_minimum',
    received,
    minimum: { amount: minimum, currency: order.fiat },
  }
  const note = operatorWords(below)
  await refundAll(effect, 'Below the minimum order')
  const moved = await ops.moveOrder(tx, order, 'refunded', below, context.actor)
  tell({ kind: 'payment_below_minimum', received, minimum, refundTo: transfer.payerIban })
  return { outcome: 'refused_below_minimum', note, order: moved, mails, settle: false }
}

async function awaitConsent({ ops, tx, order, mails, tell, received }: Effect): Promise<Decided> {
  const moved = await ops.moveOrder(tx, order, 'expired', { kind: 'price_expired' }, 'system')
  await ops.orderService.recordOrderNote(tx, moved, { kind: 'late_transfer_waiting', received }, 'system')
  tell({ kind: 'late_payment_decision', received })
  return {
    outcome: 'late_awaiting_consent',
    note: 'Arrived after the price expired, and the price moved beyond the tolerance; waiting for the customer to re-price or take a refund',
    order: moved,
    mails,
    settle: false,
  }
}

async function repriceOnArrival({
  ops,
  tx,
  transfer,
  order,
  context,
  mails,
  tell,
  received,
}: Effect): Promise<Decided> {
  // The table re-prices only with a price of now within the tolerance: without one, the customer decides.
  const price = context.price
  if (!price) throw new Error(`transfer ${transfer.id} re-priced without a current price`)
  const paid = await repriceAndPay(ops, tx, order, transfer, price, context.actor)
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

async function refundUnderpayment(effect: Effect): Promise<Decided> {
  const { ops, tx, transfer, order, context, mails, tell, received, amountText } = effect
  const needed = fiatText(order.fiatAmount, order.fiat)
  await refundAll(effect, 'Underpayment')
  const underpaid: OrderTrailEntry = {
    kind: 'underpaid',
    received,
    needed: { amount: order.fiatAmount, currency: order.fiat },
  }
  const moved = await ops.moveOrder(tx, order, 'failed', underpaid, context.actor)
  tell({ kind: 'payment_too_low', received, needed: order.fiatAmount, refundTo: transfer.payerIban })
  return {
    outcome: 'underpaid',
    note: `Received ${amountText} of ${needed}; refunded in full`,
    order: moved,
    mails,
    settle: false,
  }
}

/** The money counts for the order (an excess goes back): the order is paid and is then bought and delivered. */
async function pay(effect: Effect, outcome: 'matched' | 'overpaid', excess: string | undefined): Promise<Decided> {
  const { ops, tx, transfer, order, context, mails, tell, received, amountText } = effect
  if (excess)
    await ops.refunds.queueRefund(tx, {
      orderId: order.id,
      transferId: transfer.id,
      amount: excess,
      currency: transfer.currency,
      toIban: transfer.payerIban,
      reason: 'Overpayment: the excess',
      by: context.actor,
    })
  const entry: OrderTrailEntry =
    context.how === 'approved'
      ? { kind: 'transfer_approved', payerName: transfer.payerName }
      : { kind: 'transfer_received', received, excess: excess ? { amount: excess, currency: transfer.currency } : null }
  const moved = await ops.moveOrder(tx, order, 'paid', entry, context.actor)
  await ops.payments.settleOrderPayments(tx, order, bankPayment(transfer))
  tell({ kind: 'payment_received', received, how: context.how, ...(excess && { excess }) })
  return {
    outcome: context.how === 'approved' ? 'approved' : outcome,
    note: excess
      ? `Received ${amountText}, ${fiatText(excess, order.fiat)} more than needed; the excess goes back`
      : 'Exact amount received',
    order: moved,
    mails,
    settle: true,
  }
}

/** Money that came after the price ran out, bought at the current price within the limits; the rest goes back. */
async function repriceAndPay(
  ops: EffectOps,
  tx: Database,
  order: OrderRow,
  transfer: TransferRow,
  price: NonNullable<CurrentPrice>,
  actor: Actor,
): Promise<OrderRow> {
  const repriced = await ops.orderService.repriceOrder(tx, order, price.priced)
  if (price.limits.within && compareAmounts(price.limits.excess, '0') > 0)
    await ops.refunds.queueRefund(tx, {
      orderId: order.id,
      transferId: transfer.id,
      amount: price.limits.excess,
      currency: transfer.currency,
      toIban: transfer.payerIban,
      reason: 'Above the maximum order: the excess',
      by: actor,
    })
  const facts = {
    rate: { amount: price.priced.quote.rate, currency: order.fiat },
    received: { amount: transfer.amount, currency: transfer.currency },
  }
  const entry: OrderTrailEntry =
    actor === 'customer' ? { kind: 'late_reprice_chosen', ...facts } : { kind: 'repriced_on_arrival', ...facts }
  const paid = await ops.moveOrder(tx, repriced, 'paid', entry, actor)
  await ops.payments.settleOrderPayments(tx, order, bankPayment(transfer))
  return paid
}

/** The effects of each row of the transfer-matching table (`decideTransfer`): status, payments, refunds and mails. */
export function createTransferEffects(
  { orderService, refunds }: IntakeDeps,
  { payments, moveOrder }: Pick<IntakeSteps, 'payments' | 'moveOrder'>,
) {
  const ops: EffectOps = { orderService, refunds, payments, moveOrder }
  return { applyTransferDecision: given(ops, applyTransferDecision), repriceAndPay: given(ops, repriceAndPay) }
}

export type TransferEffects = ReturnType<typeof createTransferEffects>

/** The payment record a bank transfer settles. */
function bankPayment(transfer: TransferRow) {
  return {
    method: 'wire' as const,
    provider: 'bank',
    amount: transfer.amount,
    reference: transfer.providerTransferId,
  }
}
