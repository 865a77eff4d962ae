import * as WEB_PATHS from '@exchange/shared/web-paths'
import { StepRequiredNotice } from '../../features/journey/components/step-notices'
import { AssessmentScreen } from '../../features/uk-risk/components/assessment-screen'
import { useUkStepRouting } from './uk-step-routing'

/** /dashboard-prquest: the appropriateness assessment; a pass leads on to the next step or back to the order. */
export function Component() {
  const { done } = useUkStepRouting(WEB_PATHS.assessment)
  return <AssessmentScreen notice={<StepRequiredNotice />} onPassed={done} />
}
