import { ConfirmDetailsScreen } from '../../features/client-details/components/confirm-details-screen'
import { OrderInViewCard } from '../../features/orders/components/order-in-view-card'

/** /dashboard-confirmdetails: the order being paid, then the details; once saved, on to the virtual IBAN step. */
export function Component() {
  return <ConfirmDetailsScreen summary={<OrderInViewCard />} />
}
