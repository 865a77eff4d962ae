import * as WEB_PATHS from '@exchange/shared/web-paths'
import { ReturnAgreementScreen } from '../../features/agreement/components/agreement-screens'
import { useJourneyChanged } from '../../features/journey/api/get-journey-status'
import { useJourneyNavigation } from '../../features/journey/use-journey-navigation'

/** /dashboard-returnagr: where the e-signature partner sends the browser back; then on with the journey. */
export function Component() {
  const journeyChanged = useJourneyChanged()
  const { continueAfterStep } = useJourneyNavigation()
  return (
    <ReturnAgreementScreen
      onContinue={async () => {
        await journeyChanged()
        return continueAfterStep(WEB_PATHS.returnAgreement)
      }}
    />
  )
}
