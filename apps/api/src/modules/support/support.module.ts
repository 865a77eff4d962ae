import type { Core, ModuleParts } from '../module-kit'
import type { SupportDeps } from './support-deps'
import { supportRoutes } from './support.routes'
import { createSupportService } from './support.service'

/** Customers' support tickets and complaints (decision 122); the operators answer them from the operator view. */
export function supportModule({ db, clock, mail, brand, publicUrl }: Core, needs: Pick<SupportDeps, 'isUkCustomer'>) {
  const support = createSupportService({
    db,
    clock,
    mail,
    brand,
    supportUrl: `${publicUrl}/dashSupport`,
    isUkCustomer: needs.isUkCustomer,
  })
  const parts: ModuleParts = { routes: [{ scope: 'user', routes: supportRoutes({ support }) }] }
  return { support, parts }
}
