import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { incomingTransfers } from '../../db/tables/modules/intake'
import { AppError } from '../../errors'
import { type ActingOperator, refundNeedsSecondOperator, requestFourEyes } from './four-eyes'
import type { OperatorServiceDeps } from './operator-deps'
import { logAction } from './operator-log'

type HeldPaymentDeps = Pick<OperatorServiceDeps, 'db' | 'clock' | 'moneyIn' | 'dueDiligence' | 'fourEyes'>

/** A received transfer: its amount and the order it was matched to, if any; transition_not_allowed when unknown. */
async function heldTransfer(db: Database, transferId: string) {
  const [transfer] = await db
    .select({
      orderId: incomingTransfers.orderId,
      amount: incomingTransfers.amount,
      outcome: incomingTransfers.outcome,
    })
    .from(incomingTransfers)
    .where(eq(incomingTransfers.id, transferId))
  if (!transfer) throw new AppError('transition_not_allowed')
  return transfer
}

/**
 * Asks for a payment held for a person to go ahead into its order: a second operator approves it (decision 132), and
 * the release runs in that approval. Answers the request's id.
 */
export async function requestTransferRelease(
  deps: HeldPaymentDeps,
  operator: ActingOperator,
  transferId: string,
  reason: string,
) {
  const transfer = await heldTransfer(deps.db, transferId)
  if (transfer.outcome !== 'held_name_mismatch') throw new AppError('transition_not_allowed')
  return requestFourEyes(
    deps,
    operator,
    { action: 'approve_transfer', target: transferId, reason },
    { transferId, orderId: transfer.orderId },
  )
}

/**
 * Sends a payment held for a person back to its payer, with the reason mailed to the customer; above
 * `FOUR_EYES_REFUND_ABOVE` only asked for, and sent once a second operator approves (decision 132).
 */
export async function refundTransfer(
  deps: HeldPaymentDeps,
  operator: ActingOperator,
  transferId: string,
  reason: string,
): Promise<{ requestId: string | null }> {
  const transfer = await heldTransfer(deps.db, transferId)
  if (refundNeedsSecondOperator(deps, transfer.amount)) {
    const requestId = await requestFourEyes(
      deps,
      operator,
      { action: 'refund_transfer', target: transferId, reason },
      { transferId, orderId: transfer.orderId },
    )
    return { requestId }
  }
  await deps.moneyIn.refundTransfer(transferId, reason, operator.name)
  await logAction(deps, operator, 'refund_transfer', { transferId, orderId: transfer.orderId, reason }, { reason })
  return { requestId: null }
}
