import type { Visitor } from '../../providers/geoip/visitor-country'
import type { Core, ModuleParts } from '../module-kit'
import { ukStepsRoutes } from './uk-steps.routes'
import { createUkStepsService } from './uk-steps.service'

/** The UK regulatory steps, asked of the customers the brand counts as UK (decision 040). */
export function ukStepsModule(
  { db, clock }: Core,
  { isUkCustomer }: { isUkCustomer: (customerId: string, visitor: Visitor) => Promise<boolean> },
) {
  const ukSteps = createUkStepsService({ db, clock })
  const parts: ModuleParts = { routes: [{ scope: 'user', routes: ukStepsRoutes({ ukSteps, isUkCustomer }) }] }
  return { ukSteps, parts }
}
