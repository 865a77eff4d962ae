import { useJourneyNavigation } from '../../features/journey/use-journey-navigation'
import { VibanScreen } from '../../features/orders/components/viban-screen'

/** /dashboard-viban: card or a transfer to the customer's virtual IBAN. */
export function Component() {
  const { routeToStep } = useJourneyNavigation()
  return <VibanScreen onStepRequired={routeToStep} />
}
