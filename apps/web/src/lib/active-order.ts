import type { OrderSummary } from '@exchange/shared/orders.schemas'
import type { OrderStatus } from '@exchange/shared/order-rules'
import { getSessionState, updateSessionState, type ActiveOrder } from './session-state'

export function activeOrderFrom(order: OrderSummary): ActiveOrder {
  return {
    orderReference: order.orderReference,
    tranId: order.tranId,
    statusName: order.statusName,
    fiatCur: order.fiatCur,
    cryptoCur: order.cryptoCur,
    orderAmount: order.orderAmount,
    orderWallet: order.orderWallet,
    azToken: order.azToken,
  }
}

interface ActiveOrderSources {
  active: ActiveOrder | null
  lastActive: ActiveOrder | null
  /** getGross' open orders, newest first. */
  openOrders: readonly OrderSummary[]
}

/**
 * Spec section 4's lookup: the current active order, then the one saved as last active, then the first
 * open order with status initiated. The last active order may have ended (cancelled, failed): screens
 * read its status rather than assume it can still be paid.
 */
export function findActiveOrder({ active, lastActive, openOrders }: ActiveOrderSources): ActiveOrder | null {
  if (active) return active
  if (lastActive) return lastActive
  const open = openOrders.find((order) => order.statusName === 'initiated')
  return open ? activeOrderFrom(open) : null
}

/** The lookup over this tab's session state and the open orders of getGross. */
export function lookUpActiveOrder(openOrders: readonly OrderSummary[]): ActiveOrder | null {
  const { activeOrder, lastActiveOrder } = getSessionState()
  return findActiveOrder({ active: activeOrder, lastActive: lastActiveOrder, openOrders })
}

/** A started order becomes the active one. */
export function startActiveOrder(order: ActiveOrder): void {
  updateSessionState({ activeOrder: order, selectedPsp: null, selectedBank: null })
}

/**
 * An order that failed or was cancelled (spec section 4): it is saved as the last active order, with its
 * new status, and stops being the active one. Another order that is active stays active.
 */
export function endActiveOrder(order: ActiveOrder, statusName: OrderStatus): void {
  const { activeOrder } = getSessionState()
  updateSessionState({
    lastActiveOrder: { ...order, statusName },
    activeOrder: activeOrder?.orderReference === order.orderReference ? null : activeOrder,
  })
}

/** The active order's status as the api last answered it, so the next screen reads it right (e.g. after paying). */
export function updateActiveOrderStatus(orderReference: string, statusName: OrderStatus): void {
  const { activeOrder } = getSessionState()
  if (activeOrder?.orderReference === orderReference && activeOrder.statusName !== statusName) {
    updateSessionState({ activeOrder: { ...activeOrder, statusName } })
  }
}
