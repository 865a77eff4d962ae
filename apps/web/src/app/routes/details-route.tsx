import { DetailsScreen } from '../../features/client-details/components/details-screen'

/** /dashboard-details. */
export function Component() {
  return <DetailsScreen />
}
