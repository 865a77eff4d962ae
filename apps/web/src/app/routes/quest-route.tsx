import { QuestionnaireScreen } from '../../features/due-diligence/components/questionnaire-screen'
import { useJourneyChanged } from '../../features/journey/api/get-journey-status'
import { StepRequiredNotice } from '../../features/journey/components/step-notices'

/** /dashboard-quest: the enhanced-checks questionnaire; once sent, the checks everywhere show it being reviewed. */
export function Component() {
  const journeyChanged = useJourneyChanged()
  return <QuestionnaireScreen notice={<StepRequiredNotice />} onSaved={() => void journeyChanged()} />
}
