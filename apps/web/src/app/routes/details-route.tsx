import * as WEB_PATHS from '@exchange/shared/web-paths'
import { useQueryClient } from '@tanstack/react-query'
import { DetailsScreen } from '../../features/client-details/components/details-screen'
import { StepRequiredNotice } from '../../features/journey/components/step-notices'
import { useJourneyNavigation, useStepRequiredLine } from '../../features/journey/use-journey-navigation'
import { ukStepsQueryKey } from '../../features/uk-risk/api/uk-steps'

/**
 * /dashboard-details. Sent here by a step that needs the details first (the UK risk warning names the customer), the
 * customer goes on to that step once they are saved.
 */
export function Component() {
  const queryClient = useQueryClient()
  const { continueAfterStep } = useJourneyNavigation()
  const sentByStep = useStepRequiredLine() !== null
  return (
    <DetailsScreen
      notice={sentByStep ? <StepRequiredNotice /> : null}
      onSaved={async () => {
        // The UK steps read the full name from their status: what they knew before the save is forgotten.
        queryClient.removeQueries({ queryKey: ukStepsQueryKey() })
        if (sentByStep) await continueAfterStep(WEB_PATHS.details)
      }}
    />
  )
}
