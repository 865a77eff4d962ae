import { DisclaimerScreen } from '../../features/agreement/components/agreement-screens'
import { StepRequiredNotice } from '../../features/journey/components/step-notices'

/** /dashboard-disclaimer: the agreement's key terms (the journey's agreement step opens here, decision 044). */
export function Component() {
  return <DisclaimerScreen notice={<StepRequiredNotice />} />
}
