import type { Core, ModuleParts } from '../module-kit'
import type { IdentityService } from '../identity/identity.service'
import { customerRoutes } from './customers.routes'
import { createCustomerService } from './customers.service'

/** The customer's details and residence; an approved identity freezes the name (decision 090). */
export function customersModule(
  { config, db, clock, checksChanged, visitorCountryOf }: Core,
  { identity }: { identity: Pick<IdentityService, 'verifiedNameOf'> },
) {
  const customers = createCustomerService({
    db,
    clock,
    nameChangeHoldHours: config.nameChangeHoldHours,
    // Read in the saving transaction.
    verifiedNameOf: (customerId, tx) => identity.verifiedNameOf(customerId, { tx }),
    onDetailsSaved: checksChanged,
    visitorCountryOf,
  })
  const parts: ModuleParts = { routes: [{ scope: 'user', routes: customerRoutes({ customers }) }] }
  return { customers, parts }
}
