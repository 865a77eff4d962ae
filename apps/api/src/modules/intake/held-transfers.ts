import { desc, eq, inArray } from 'drizzle-orm'
import { OPEN_STATUSES, OrderStatus } from '@exchange/shared/order-rules'
import type { Database } from '../../db/client'
import { incomingTransfers } from '../../db/tables/modules/intake'
import { orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import type { OrderRow } from '../orders/orders.service'
import { type CurrentPrice, type TransferRow, given } from './intake-steps'
import type { IntakeParts } from './intake-parts'
import { decideTransfer } from './transfer-matching'

/** Outcomes an operator decides on: held for a name check, looking like one already counted, or matching nothing. */
export const FOR_AN_OPERATOR = ['held_name_mismatch', 'held_possible_duplicate', 'unmatched'] as const

/** Statuses of an order whose held payment an operator may still approve. */
const APPROVABLE: readonly string[] = ['payment_review', ...OPEN_STATUSES]

/** A transfer row locked for an operator's decision. */
async function lockTransfer(tx: Database, transferId: string): Promise<TransferRow | undefined> {
  const [transfer] = await tx.select().from(incomingTransfers).where(eq(incomingTransfers.id, transferId)).for('update')
  return transfer
}

/**
 * An operator accepts a payment held because the payer's name differed; it then counts as the customer's and goes
 * through the same table as a notice whose payer is the customer. Money that arrived while the price held buys at
 * that price however long the check took; a short payment cannot be approved (it is refunded instead).
 */
async function approveHeldTransfer(parts: IntakeParts, transferId: string, by: string): Promise<OrderStatus> {
  const price = await priceHeldTransfer(parts, transferId)
  const approved = await parts.db.transaction((tx) => approveHeldTransferIn(parts, tx, transferId, by, price))
  return approved.afterCommit()
}

/**
 * The price a held transfer's approval buys at, read before the approval's transaction (the rates are not read
 * inside one).
 */
async function priceHeldTransfer(parts: IntakeParts, transferId: string): Promise<CurrentPrice> {
  const { db, currentPriceFor } = parts
  const [held] = await db.select().from(incomingTransfers).where(eq(incomingTransfers.id, transferId))
  const [heldOrder] = held?.orderId ? await db.select().from(orders).where(eq(orders.id, held.orderId)) : []
  return held && heldOrder ? currentPriceFor(heldOrder, held.amount) : null
}

/**
 * The approval inside the caller's transaction (a four-eyes approval, decision 132), at the price read before it:
 * answers what to run once the transaction committed (the purchase of an order now paid, or its status).
 */
async function approveHeldTransferIn(
  parts: IntakeParts,
  tx: Database,
  transferId: string,
  by: string,
  currentPrice: CurrentPrice,
): Promise<{ afterCommit: () => Promise<OrderStatus> }> {
  const { clock, orderService, orderMail, fulfilment } = parts
  const transfer = await lockTransfer(tx, transferId)
  if (!transfer || transfer.outcome !== 'held_name_mismatch' || !transfer.orderId)
    throw new AppError('transition_not_allowed')
  const order = await orderService.lockOrder(tx, transfer.orderId)
  if (!order || !APPROVABLE.includes(order.status)) throw new AppError('transition_not_allowed')
  const decided = await approve(parts, tx, transfer, order, currentPrice)
  await tx
    .update(incomingTransfers)
    .set({ outcome: decided.outcome, note: decided.note, decidedAt: clock.now(), decidedBy: by })
    .where(eq(incomingTransfers.id, transferId))
  await orderMail.sendAll(decided.mails, tx)
  return {
    afterCommit: async () => {
      if (decided.settle && decided.order) return fulfilment.settlePaidOrder(decided.order.id)
      return OrderStatus.parse(decided.order?.status ?? 'failed')
    },
  }
}

/** The held transfer decided as if its payer were the customer, on the order as it was while awaiting payment. */
async function approve(
  parts: IntakeParts,
  tx: Database,
  transfer: TransferRow,
  order: OrderRow,
  currentPrice: CurrentPrice,
) {
  const { customerOf, factsFor, applyTransferDecision } = parts
  const customer = await customerOf(tx, order.customerId)
  const arrivedLate = transfer.receivedAt >= order.priceExpiresAt
  const awaiting: OrderRow = { ...order, status: 'awaiting_payment' }
  const { facts, price } = await factsFor(tx, transfer, awaiting, customer, currentPrice, {
    // The person who approves has compared the payer and any recent change of name: neither holds it again.
    payerNameHolds: [],
    looksLikeCountedTransfer: false,
  })
  const decision = decideTransfer({ ...facts, order: facts.order && { ...facts.order, arrivedLate } })
  if (decision.outcome === 'underpaid') throw new AppError('transition_not_allowed')
  return applyTransferDecision(tx, transfer, order, decision, {
    email: customer?.email,
    actor: 'operator',
    how: 'approved',
    price,
  })
}

/**
 * An operator sends held or unmatched money back (within the caller's transaction when given: a four-eyes approval); an order it was meant for that still waits for it fails. */
async function refundTransfer(
  parts: IntakeParts,
  transferId: string,
  reason: string,
  by: string,
  within: Database = parts.db,
): Promise<void> {
  const { clock, orderService, refunds } = parts
  await within.transaction(async (tx) => {
    const transfer = await lockTransfer(tx, transferId)
    if (!transfer || !(FOR_AN_OPERATOR as readonly string[]).includes(transfer.outcome))
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
    if (order) await failAndTell(parts, tx, order, transfer, reason)
  })
}

/** The order the returned money was for fails if it still waited for it, and its customer is told. */
async function failAndTell(parts: IntakeParts, tx: Database, order: OrderRow, transfer: TransferRow, reason: string) {
  const { orderService, orderMail, customerOf } = parts
  if (order.status === 'awaiting_payment' || order.status === 'payment_review')
    await orderService.applyTransition(tx, order, 'failed', { kind: 'held_transfer_refunded', reason }, 'operator')
  // Money that matched no order has no customer to tell; the bank's return reaches the payer.
  const customer = await customerOf(tx, order.customerId)
  if (!customer) return
  const received = { amount: transfer.amount, currency: transfer.currency }
  await orderMail.send(
    {
      to: customer.email,
      reference: order.reference,
      event: { kind: 'transfer_returned', received, to: transfer.payerIban, reason },
    },
    tx,
  )
}

/** Transfers an operator decides on, newest first. */
async function heldTransfers(parts: IntakeParts) {
  const { db } = parts
  return db
    .select()
    .from(incomingTransfers)
    .where(inArray(incomingTransfers.outcome, [...FOR_AN_OPERATOR]))
    .orderBy(desc(incomingTransfers.receivedAt))
}

/** Transfers held for an operator: approved into their order, or sent back. */
export function createHeldTransfers(parts: IntakeParts) {
  return {
    approveHeldTransfer: given(parts, approveHeldTransfer),
    approveHeldTransferIn: given(parts, approveHeldTransferIn),
    priceHeldTransfer: given(parts, priceHeldTransfer),
    refundTransfer: given(parts, refundTransfer),
    heldTransfers: given(parts, heldTransfers),
  }
}
