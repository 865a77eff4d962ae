import { useJourneyNavigation } from '../../features/journey/use-journey-navigation'
import { VibanDetailsScreen } from '../../features/orders/components/viban-details-screen'

/** /dashboard-vibanDetails. */
export function Component() {
  const { routeToStep } = useJourneyNavigation()
  return <VibanDetailsScreen onStepRequired={routeToStep} />
}
