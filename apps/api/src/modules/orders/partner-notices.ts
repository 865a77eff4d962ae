import type { OrderStatus } from '@exchange/shared/order-rules'
import type { OrderTrailEntry } from '@exchange/shared/order-trail'
import { SECURITY_HOLD_STEP } from '@exchange/shared/payout-hold'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import type { Database } from '../../db/client'
import { queuePartnerEvent } from '../partner-webhooks/partner-events'
import type { OrderRow } from './orders-deps'

/** The wallet a partner sees for its order: null while the customer has not named one yet (the placeholder). */
export const partnerWalletOf = (order: Pick<OrderRow, 'wallet'>) =>
  order.wallet === PLACEHOLDER_WALLET ? null : order.wallet

/**
 * What a partner is told of its order (decision 115): the order's facts and where its payout stands, never the
 * customer's personal data (no name, e-mail or address; the wallet is the one the order pays out to).
 */
function orderFacts(order: OrderRow) {
  return {
    reference: order.reference,
    partnerOrderId: order.partnerOrderId,
    status: order.status,
    fiat: order.fiat,
    fiatAmount: order.fiatAmount,
    fee: order.fee,
    crypto: order.crypto,
    cryptoAmount: order.cryptoAmount,
    wallet: partnerWalletOf(order),
    /** The journey step the payout waits for while `awaiting_checks` (e.g. `identity`), else null. */
    payoutWaitsFor: order.status === 'awaiting_checks' ? order.payoutWaitsFor : null,
    /** While the payout waits for `security_hold` (decision 126): when it goes out by itself, else null. */
    payoutHeldUntil:
      order.status === 'awaiting_checks' && order.payoutWaitsFor === SECURITY_HOLD_STEP && order.payoutHeldUntil
        ? order.payoutHeldUntil.toISOString()
        : null,
  }
}

/**
 * A partner's order changed status: `order.status_changed`, in the transaction of the change. Nothing is read: the
 * changed row says whether the order is a partner's.
 */
export async function tellPartnerOfStatus(
  tx: Database,
  order: OrderRow,
  previousStatus: OrderStatus,
  entry: OrderTrailEntry,
  at: Date,
): Promise<void> {
  if (!order.partnerId) return
  const data = {
    ...orderFacts(order),
    previousStatus,
    transactionId: entry.kind === 'delivered' ? entry.txId : null,
  }
  await queuePartnerEvent(tx, { partnerId: order.partnerId, orderId: order.id, type: 'order.status_changed', data }, at)
}

/**
 * A partner's order waits for a step the customer owes before its payout (or comes to owe another): the partner learns
 * which (`order.checks_required`), so it can send its customer back to do it. The step's id only.
 */
export async function tellPartnerOfChecks(tx: Database, order: OrderRow, at: Date): Promise<void> {
  if (!order.partnerId || order.status !== 'awaiting_checks' || !order.payoutWaitsFor) return
  await queuePartnerEvent(
    tx,
    { partnerId: order.partnerId, orderId: order.id, type: 'order.checks_required', data: orderFacts(order) },
    at,
  )
}
