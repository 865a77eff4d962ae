import { and, desc, eq, inArray, ne } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { type TransferOutcome, incomingTransfers } from '../../db/tables/modules/intake'
import { orders } from '../../db/tables/modules/orders'
import { virtualIbans } from '../../db/tables/modules/payments'
import type { RecentNameChange } from '../customers/customers.service'
import type { OrderRow } from '../orders/orders.service'
import type { CurrentPrice, IntakeDeps, TransferRow } from './intake-steps'
import { payerNameHolds, samePayerName } from './payer-name'
import type { TransferFacts } from './transfer-matching'

const REFERENCE_IN_TEXT = /[A-Z0-9]{10}/g
/** Outcomes under which a transfer's money counts for its order. */
const COUNTED: TransferOutcome[] = ['matched', 'overpaid', 'approved', 'repriced']

/** The facts for a transfer that names no order (or whose customer is gone): it matches nothing. */
function factsWithoutOrder(transfer: TransferRow): TransferFacts {
  return {
    order: null,
    amount: transfer.amount,
    currency: transfer.currency,
    payerNameHolds: ['payer_differs'],
    looksLikeCountedTransfer: false,
    minimum: '0',
    priceWithinTolerance: false,
  }
}

/** Reads what the transfer-matching table (`decideTransfer`) is asked about: the order named, and the facts. */
export function createTransferFacts({ orderService, recentNameChange }: IntakeDeps) {
  /** The order a transfer names: by reference in its text, else the customer's open order on their virtual IBAN. */
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

  /** Money with the same order, amount and payer (account or name) already counted: a manual record, or a repeat. */
  async function looksLikeCountedTransfer(tx: Database, transfer: TransferRow, orderId: string) {
    const counted = await tx
      .select({ payerName: incomingTransfers.payerName, payerIban: incomingTransfers.payerIban })
      .from(incomingTransfers)
      .where(
        and(
          eq(incomingTransfers.orderId, orderId),
          ne(incomingTransfers.id, transfer.id),
          eq(incomingTransfers.amount, transfer.amount),
          eq(incomingTransfers.currency, transfer.currency),
          inArray(incomingTransfers.outcome, COUNTED),
        ),
      )
    return counted.some(
      (earlier) => earlier.payerIban === transfer.payerIban || samePayerName(earlier.payerName, transfer.payerName),
    )
  }

  /** Facts for the decision table, read with the order locked. */
  async function factsFor(
    tx: Database,
    transfer: TransferRow,
    order: OrderRow | undefined,
    customer: { firstName: string | null; lastName: string | null } | undefined,
    currentPrice: CurrentPrice,
    overrides: Partial<TransferFacts> = {},
  ): Promise<{ facts: TransferFacts; price: CurrentPrice; nameChange: RecentNameChange | null }> {
    if (!order || !customer) return { facts: factsWithoutOrder(transfer), price: null, nameChange: null }
    const nameChange = await recentNameChange(order.customerId, { tx })
    const arrivedLate = transfer.receivedAt >= order.priceExpiresAt
    const late = order.status === 'expired' || arrivedLate
    const price = late ? currentPrice : null
    return {
      facts: {
        order: { status: order.status, fiat: order.fiat, fiatAmount: order.fiatAmount, arrivedLate },
        amount: transfer.amount,
        currency: transfer.currency,
        payerNameHolds: payerNameHolds(transfer.payerName, { ...customer, nameChangedRecently: nameChange !== null }),
        looksLikeCountedTransfer: await looksLikeCountedTransfer(tx, transfer, order.id),
        minimum: orderService.minimumOf(order.fiat),
        priceWithinTolerance: price?.withinTolerance ?? false,
        ...overrides,
      },
      price,
      nameChange,
    }
  }

  return { findOrderFor, factsFor }
}

export type TransferFactsReader = ReturnType<typeof createTransferFacts>
