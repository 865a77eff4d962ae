import { PaymentReturnScreen } from '../../features/orders/components/payment-return-screen'

/** /dashboard-returncc?session_id=…: where the card provider and the bank send the browser back. */
export function Component() {
  return <PaymentReturnScreen />
}
