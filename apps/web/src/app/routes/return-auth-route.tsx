import { ReturnAuthScreen } from '../../features/identity/components/return-auth-screen'
import { useJourneyChanged } from '../../features/journey/api/get-journey-status'

/**
 * /dashboard-returnauth: where the identity partner sends the browser back. Once the check is decided, the steps the
 * customer owes are asked for again: the checks and the menu's count do not wait for their answer to age.
 */
export function Component() {
  const journeyChanged = useJourneyChanged()
  return <ReturnAuthScreen onDecided={() => void journeyChanged()} />
}
