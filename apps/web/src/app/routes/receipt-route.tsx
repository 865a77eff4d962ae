import { ReceiptScreen } from '../../features/orders/components/receipt-screen'

/** /dashboard-receipt?order=REF: a completed order's printable receipt (beyond the spec's table; decision 049). */
export function Component() {
  return <ReceiptScreen />
}
