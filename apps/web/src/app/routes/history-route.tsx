import { OrderHistory } from '../../features/orders/components/order-history'

/** /dashboard-history. */
export function Component() {
  return <OrderHistory />
}
