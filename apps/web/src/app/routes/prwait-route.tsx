import * as WEB_PATHS from '@exchange/shared/web-paths'
import { StepRequiredNotice } from '../../features/journey/components/step-notices'
import { CoolingOffScreen } from '../../features/uk-risk/components/cooling-off-screen'
import { useUkStepRouting } from './uk-step-routing'

/** /dashboard-prwait: the cooling-off; Continue once it is over leads back to the order. */
export function Component() {
  const { done } = useUkStepRouting(WEB_PATHS.coolingOff)
  return <CoolingOffScreen notice={<StepRequiredNotice />} onContinued={done} />
}
