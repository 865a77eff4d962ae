import type { FiatCurrency } from '@exchange/shared/currencies'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { refunds } from '../../db/tables/modules/refunds'

export interface RefundInput {
  orderId: string | null
  transferId: string | null
  amount: string
  currency: FiatCurrency
  /** The account the money goes back to; null when it goes back the way it came (a card, a pay-by-bank payment). */
  toIban: string | null
  reason: string
  by: string
}

export type RefundService = ReturnType<typeof createRefundService>

/**
 * The refunds table's only writer. A refund is money owed back, with its reason and who decided it; a person executes
 * it at the bank (decision 016). It is queued in the same transaction as the decision that makes it owed.
 */
export function createRefundService({ clock }: { clock: Clock }) {
  async function queueRefund(tx: Database, input: RefundInput): Promise<void> {
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
  return { queueRefund }
}
