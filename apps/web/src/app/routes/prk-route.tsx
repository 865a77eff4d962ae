import * as WEB_PATHS from '@exchange/shared/web-paths'
import { StepRequiredNotice } from '../../features/journey/components/step-notices'
import { RiskWarningScreen } from '../../features/uk-risk/components/risk-warning-screen'
import { useUkStepRouting } from './uk-step-routing'

/** /dashboard-prk: the personalised risk warning; Continue leads on to the next UK step. */
export function Component() {
  const { done, detailsFirst } = useUkStepRouting(WEB_PATHS.riskWarning)
  return <RiskWarningScreen notice={<StepRequiredNotice />} onContinued={done} onDetailsNeeded={detailsFirst} />
}
