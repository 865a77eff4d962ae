import { DetailsScreen } from '../../features/client-details/components/details-screen'
import { StepRequiredNotice } from '../../features/journey/components/step-notices'
import { useJourneyNavigation, useStepRequiredLine } from '../../features/journey/use-journey-navigation'

/**
 * /dashboard-details. Sent here by a step that needs the details first (the UK risk warning names the customer), the
 * customer goes on to that step once they are saved.
 */
export function Component() {
  const { continueAfterStep } = useJourneyNavigation()
  const sentByStep = useStepRequiredLine() !== null
  return (
    <DetailsScreen
      notice={sentByStep ? <StepRequiredNotice /> : null}
      onSaved={sentByStep ? () => void continueAfterStep('/dashboard-details') : undefined}
    />
  )
}
