import type { Core, ModuleParts } from '../module-kit'
import { dueDiligenceRoutes } from './due-diligence.routes'
import { createDueDiligenceService } from './due-diligence.service'

/** Source of funds and the questionnaire, and the enhanced checks they call for (decision 039). */
export function dueDiligenceModule({ db, clock, checksChanged }: Core) {
  const dueDiligence = createDueDiligenceService({ db, clock, onFactsChanged: checksChanged })
  const parts: ModuleParts = { routes: [{ scope: 'user', routes: dueDiligenceRoutes({ dueDiligence }) }] }
  return { dueDiligence, parts }
}
