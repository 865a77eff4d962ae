import { VibanDetailsScreen } from '../../features/orders/components/viban-details-screen'

/** /dashboard-vibanDetails. */
export function Component() {
  return <VibanDetailsScreen />
}
