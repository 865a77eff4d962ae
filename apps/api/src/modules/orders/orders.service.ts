import { initiateBuyOrder, sendCreatedMailOnce } from './create-order'
import { expireOrders, updateOrderStatusByCustomer } from './order-moves'
import { checkLimits, fixPrice, minimumOf, repriceOrder } from './order-prices'
import { orderDetail, orderHistory } from './order-reads'
import { findOwnOrder, lockOrder } from './order-rows'
import {
  claimSettlementLease,
  releaseSettlementLease,
  setPayoutWaitsFor,
  setWithdrawalRequested,
} from './order-settlement'
import { applyTransition, recordOrderNote } from './order-trail'
import { changeWalletOfWaitingOrder, setWalletOfPaidOrder } from './order-wallet'
import type { OrderServiceDeps } from './orders-deps'
import { keepPaymentMethod, paymentMethodsFor, selectPaymentMethod } from './payment-methods'

export type { OrderRow, OrderServiceDeps } from './orders-deps'
export type { InitiatedBuyOrder } from './create-order'
export { settlementLeaseFree } from './order-settlement'
export { methodNameOf, toOrderSummary } from './order-summary'

export type OrderService = ReturnType<typeof createOrderService>

/**
 * Buy orders from quote to payment; each operation lives in the file named for its group (decision 107), the lines of
 * an order's trail in order-trail.ts.
 */
export function createOrderService(deps: OrderServiceDeps) {
  return {
    applyTransition: applyTransition.bind(null, deps),
    recordOrderNote: recordOrderNote.bind(null, deps),
    checkLimits: checkLimits.bind(null, deps),
    minimumOf: minimumOf.bind(null, deps),
    fixPrice: fixPrice.bind(null, deps),
    lockOrder,
    repriceOrder: repriceOrder.bind(null, deps),
    changeWalletOfWaitingOrder: changeWalletOfWaitingOrder.bind(null, deps),
    claimSettlementLease: claimSettlementLease.bind(null, deps),
    releaseSettlementLease: releaseSettlementLease.bind(null, deps),
    setWithdrawalRequested,
    setPayoutWaitsFor: setPayoutWaitsFor.bind(null, deps),
    setWalletOfPaidOrder: setWalletOfPaidOrder.bind(null, deps),
    keepPaymentMethod: keepPaymentMethod.bind(null, deps),
    findOwnOrder,
    initiateBuyOrder: initiateBuyOrder.bind(null, deps),
    sendCreatedMailOnce: sendCreatedMailOnce.bind(null, deps),
    updateOrderStatusByCustomer: updateOrderStatusByCustomer.bind(null, deps),
    paymentMethodsFor: paymentMethodsFor.bind(null, deps),
    selectPaymentMethod: selectPaymentMethod.bind(null, deps),
    orderHistory: orderHistory.bind(null, deps),
    orderDetail: orderDetail.bind(null, deps),
    expireOrders: expireOrders.bind(null, deps),
  }
}
