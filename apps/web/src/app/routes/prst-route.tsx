import * as WEB_PATHS from '@exchange/shared/web-paths'
import { StepRequiredNotice } from '../../features/journey/components/step-notices'
import { CategorisationScreen } from '../../features/uk-risk/components/categorisation-screen'
import { useUkStepRouting } from './uk-step-routing'

/** /dashboard-prst: the categorisation statement; a qualifying statement leads on to the assessment. */
export function Component() {
  const { done, detailsFirst } = useUkStepRouting(WEB_PATHS.categorisation)
  return <CategorisationScreen notice={<StepRequiredNotice />} onQualified={done} onDetailsNeeded={detailsFirst} />
}
