import { chooseWalletOfWaitingOrder, giveWalletOfPaidOrder, sendOwnOrderToBroker } from './customer-requests'
import type { OrderRow } from '../orders/orders.service'
import type { FulfilmentDeps, PayoutStep, SecurityHoldCheck } from './fulfilment-deps'
import { recordDelivery, retryWithdrawal, withdrawalsToCheck } from './payout-retries'
import { resumeOrdersOf, settlePaidOrder, settleWaitingOrders } from './settlement'
import { withSettlementLease } from './settlement-lease'

export type { FulfilmentDeps, PayoutStep, SecurityHoldCheck }

export type FulfilmentService = ReturnType<typeof createFulfilmentService>

/**
 * A paid order becomes coins in the customer's wallet: bought from the liquidity provider, withdrawn, delivered. The
 * only writer of deliveries and buy intents. One run at a time per order (a lease on the order, decision 019). Each
 * operation lives in the file named for its group (decision 107).
 */
export function createFulfilmentService(deps: FulfilmentDeps) {
  return {
    chooseWalletOfWaitingOrder: chooseWalletOfWaitingOrder.bind(null, deps),
    // Written out rather than bound: `bind` would lose the type parameter of the work's answer.
    withSettlementLease: <T>(orderId: string, work: (order: OrderRow) => Promise<T>) =>
      withSettlementLease(deps, orderId, work),
    settlePaidOrder: settlePaidOrder.bind(null, deps),
    settleWaitingOrders: settleWaitingOrders.bind(null, deps),
    resumeOrdersOf: resumeOrdersOf.bind(null, deps),
    withdrawalsToCheck: withdrawalsToCheck.bind(null, deps),
    recordDelivery: recordDelivery.bind(null, deps),
    retryWithdrawal: retryWithdrawal.bind(null, deps),
    sendOwnOrderToBroker: sendOwnOrderToBroker.bind(null, deps),
    giveWalletOfPaidOrder: giveWalletOfPaidOrder.bind(null, deps),
  }
}
