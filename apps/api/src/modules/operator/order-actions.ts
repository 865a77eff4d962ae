import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import { type ActingOperator, refundNeedsSecondOperator, requestFourEyes } from './four-eyes'
import type { OperatorServiceDeps } from './operator-deps'
import { logAction } from './operator-log'

type OrderActionDeps = Pick<OperatorServiceDeps, 'db' | 'clock' | 'moneyIn'>

/** The order of a reference (its id, fiat, amount and status), or order_not_found. */
async function orderIdOf(db: Database, reference: string) {
  const [order] = await db
    .select({ id: orders.id, fiat: orders.fiat, fiatAmount: orders.fiatAmount, status: orders.status })
    .from(orders)
    .where(eq(orders.reference, reference))
  if (!order) throw new AppError('order_not_found')
  return order
}

/**
 * Refunds a paid order, with the reason mailed to the customer; above `FOUR_EYES_REFUND_ABOVE` only asked for, and
 * made once a second operator approves (decision 132).
 */
export async function refundOrder(
  deps: OrderActionDeps & Pick<OperatorServiceDeps, 'dueDiligence' | 'fourEyes'>,
  operator: ActingOperator,
  reference: string,
  reason: string,
): Promise<{ requestId: string | null }> {
  const order = await orderIdOf(deps.db, reference)
  if (refundNeedsSecondOperator(deps, order.fiatAmount)) {
    if (order.status !== 'paid' && order.status !== 'awaiting_checks') throw new AppError('transition_not_allowed')
    const requestId = await requestFourEyes(
      deps,
      operator,
      { action: 'refund_order', target: reference, reason },
      { orderId: order.id },
    )
    return { requestId }
  }
  await deps.moneyIn.refundPaidOrder(reference, reason, operator.name)
  await logAction(deps, operator, 'refund_order', { orderId: order.id, reason }, { reason })
  return { requestId: null }
}

/** A wire seen on the bank statement but never notified: recorded as the bank's notice would have been. */
export async function markWireReceived(
  deps: OrderActionDeps & Pick<OperatorServiceDeps, 'bank'>,
  operator: string,
  input: { orderReference: string; amount: string; payerName: string; payerIban: string; bankTransferId?: string },
) {
  const order = await orderIdOf(deps.db, input.orderReference)
  const account = deps.bank.receivingAccount(order.fiat)
  if (!account) throw new AppError('method_unavailable')
  const result = await deps.moneyIn.receiveBankTransfer({
    // With the bank's id, the bank's own notice of this wire is a repeat; without it, a notice with the same order,
    // amount and payer is held for an operator, never refunded on its own (decision 026).
    transferId: input.bankTransferId ?? `manual_${randomBytes(8).toString('hex')}`,
    amount: input.amount,
    currency: order.fiat,
    payerName: input.payerName,
    payerIban: input.payerIban,
    paymentReference: input.orderReference,
    creditedIban: account.iban,
    receivedAt: deps.clock.now(),
  })
  await logAction(
    deps,
    operator,
    'mark_wire_received',
    { orderId: order.id },
    {
      amount: input.amount,
      payerName: input.payerName,
      bankTransferId: input.bankTransferId ?? null,
      outcome: result.outcome,
    },
  )
  return result
}

/** A withdrawal of unknown outcome, found at the exchange: its transaction id completes the order. */
export async function recordDelivery(deps: OrderActionDeps, operator: string, reference: string, txId: string) {
  const order = await orderIdOf(deps.db, reference)
  const status = await deps.moneyIn.recordDelivery(reference, txId)
  await logAction(deps, operator, 'record_delivery', { orderId: order.id }, { txId })
  return status
}

/** A withdrawal of unknown outcome, not found at the exchange: sent again. */
export async function retryWithdrawal(deps: OrderActionDeps, operator: string, reference: string) {
  const order = await orderIdOf(deps.db, reference)
  const status = await deps.moneyIn.retryWithdrawal(reference)
  await logAction(deps, operator, 'retry_withdrawal', { orderId: order.id }, { resultingStatus: status })
  return status
}
