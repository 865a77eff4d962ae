import { useQueryClient } from '@tanstack/react-query'
import { QuestionnaireScreen } from '../../features/due-diligence/components/questionnaire-screen'
import { JOURNEY_QUERY_KEY } from '../../features/journey/api/get-journey-status'
import { StepRequiredNotice } from '../../features/journey/components/step-notices'

/** /dashboard-quest: the enhanced-checks questionnaire; once sent, the checks everywhere show it being reviewed. */
export function Component() {
  const queryClient = useQueryClient()
  return (
    <QuestionnaireScreen
      notice={<StepRequiredNotice />}
      onSaved={() => void queryClient.invalidateQueries({ queryKey: [JOURNEY_QUERY_KEY] })}
    />
  )
}
