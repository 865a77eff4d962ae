import { ThankYouScreen } from '../../features/orders/components/thank-you-screen'

/** /dashboard-thankyou. */
export function Component() {
  return <ThankYouScreen />
}
