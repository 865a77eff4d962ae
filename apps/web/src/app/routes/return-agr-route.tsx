import { useQueryClient } from '@tanstack/react-query'
import { ReturnAgreementScreen } from '../../features/agreement/components/agreement-screens'
import { JOURNEY_QUERY_KEY } from '../../features/journey/api/get-journey-status'
import { useJourneyNavigation } from '../../features/journey/use-journey-navigation'

/** /dashboard-returnagr: where the e-signature partner sends the browser back; then on with the journey. */
export function Component() {
  const queryClient = useQueryClient()
  const { continueAfterStep } = useJourneyNavigation()
  return (
    <ReturnAgreementScreen
      onContinue={async () => {
        await queryClient.invalidateQueries({ queryKey: [JOURNEY_QUERY_KEY] })
        return continueAfterStep('/dashboard-returnagr')
      }}
    />
  )
}
