import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { type TransferOutcome, incomingTransfers } from '../../db/tables/modules/intake'
import { orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import type { IncomingTransfer } from '../../providers/bank/bank-partner.provider'
import type { OrderRow } from '../orders/orders.service'
import { type CurrentPrice, type TransferRow, isWholeFiatAmount, given } from './intake-steps'
import type { IntakeParts } from './intake-parts'
import { decideTransfer } from './transfer-matching'

interface TransferReceipt {
  outcome: TransferOutcome
  orderReference: string | null
  duplicate: boolean
}

/** A bank partner's notice of money received (or an operator's record of a wire seen on the statement). */
async function receiveBankTransfer(parts: IntakeParts, notice: IncomingTransfer): Promise<TransferReceipt> {
  const { db } = parts
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
  return decideStoredTransfer(parts, notice.transferId)
}

/** Decides a stored transfer's outcome once; a transfer already decided answers its outcome as a duplicate. */
async function decideStoredTransfer(parts: IntakeParts, providerTransferId: string): Promise<TransferReceipt> {
  const { db, fulfilment, currentPriceFor, findOrderFor } = parts
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
    if (transfer.outcome !== 'received') return { duplicate: true as const, ...(await decidedBefore(tx, transfer)) }
    const result = await decideNow(parts, tx, transfer, (order) => (candidate?.id === order.id ? currentPrice : null))
    return { duplicate: false as const, ...result }
  })
  if (decided.duplicate) return { outcome: decided.outcome, orderReference: decided.reference, duplicate: true }
  if (decided.settle && decided.order) await fulfilment.settlePaidOrder(decided.order.id)
  return { outcome: decided.outcome, orderReference: decided.order?.reference ?? null, duplicate: false }
}

/** A transfer decided before (a repeated notice): its outcome, and the order it was for. */
async function decidedBefore(tx: Database, transfer: TransferRow) {
  const [order] = transfer.orderId
    ? await tx.select({ reference: orders.reference }).from(orders).where(eq(orders.id, transfer.orderId))
    : []
  return { outcome: transfer.outcome, reference: order?.reference ?? null }
}

/** Decides a received transfer with its order locked; the price read before counts only for that same order. */
async function decideNow(
  parts: IntakeParts,
  tx: Database,
  transfer: TransferRow,
  priceReadFor: (order: OrderRow) => CurrentPrice,
) {
  const { orderService, orderMail, customerOf, findOrderFor, factsFor, applyTransferDecision } = parts
  const named = await findOrderFor(tx, transfer)
  const order = named ? await orderService.lockOrder(tx, named.id) : undefined
  const customer = order ? await customerOf(tx, order.customerId) : undefined
  const usable = order ? priceReadFor(order) : null
  const { facts: read, price, nameChange } = await factsFor(tx, transfer, order, customer, usable)
  const result = await applyTransferDecision(tx, transfer, order, decideTransfer(read), {
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
  return result
}

/**
 * Bank transfers in: a bank partner's notice (or an operator's record of a wire seen on the statement) is stored first,
 * keyed by its transfer id, then decided once with its order locked, in one transaction with every effect.
 */
export function createBankTransfers(parts: IntakeParts) {
  return {
    receiveBankTransfer: given(parts, receiveBankTransfer),
  }
}
