import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { incomingTransfers } from '../../db/tables/modules/intake'
import type { OperatorServiceDeps } from './operator-deps'
import { logAction } from './operator-log'

type HeldPaymentDeps = Pick<OperatorServiceDeps, 'db' | 'clock' | 'moneyIn'>

/** The order a received transfer was matched to, if any (for the log). */
async function orderOfTransfer(db: Database, transferId: string) {
  const [transfer] = await db
    .select({ orderId: incomingTransfers.orderId })
    .from(incomingTransfers)
    .where(eq(incomingTransfers.id, transferId))
  return transfer?.orderId
}

/** Lets a payment held for a person go ahead; answers the status it reached. */
export async function approveHeldTransfer(deps: HeldPaymentDeps, operator: string, transferId: string) {
  const status = await deps.moneyIn.approveHeldTransfer(transferId, operator)
  const orderId = await orderOfTransfer(deps.db, transferId)
  await logAction(deps, operator, 'approve_held_transfer', { transferId, orderId }, { resultingStatus: status })
  return status
}

/** Sends a payment held for a person back to its payer, with the reason mailed to the customer. */
export async function refundTransfer(deps: HeldPaymentDeps, operator: string, transferId: string, reason: string) {
  await deps.moneyIn.refundTransfer(transferId, reason, operator)
  const orderId = await orderOfTransfer(deps.db, transferId)
  await logAction(deps, operator, 'refund_transfer', { transferId, orderId }, { reason })
}
