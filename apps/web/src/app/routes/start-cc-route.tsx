import { useJourneyNavigation } from '../../features/journey/use-journey-navigation'
import { StartCardScreen } from '../../features/orders/components/start-card-screen'

/** /dashboard-startcc. */
export function Component() {
  const { routeToStep } = useJourneyNavigation()
  return <StartCardScreen onStepRequired={routeToStep} />
}
