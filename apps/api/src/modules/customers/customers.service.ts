import type { CustomerServiceDeps } from './customer-deps'
import { clientDetails, nameFrozenBecause, saveClientDetails } from './client-details'
import { nameChangedWithin, nameHistory, recentNameChange, recentNameChanges } from './name-changes'
import { declaredResidenceOf, residencesOf } from './residences'

export type { CustomerServiceDeps }
export type { DeclaredResidence } from './residences'
export type { RecentNameChange } from './name-changes'

export type CustomerService = ReturnType<typeof createCustomerService>

/**
 * The customer's own details (spec section 3): read by getGross and the details screens, saved by them. The legal
 * name is what the payer-name check compares bank transfers with, so it is frozen once it has been relied on, and
 * every change of it is kept (decision 028).
 */
export function createCustomerService(deps: CustomerServiceDeps) {
  return {
    clientDetails: clientDetails.bind(null, deps),
    saveClientDetails: saveClientDetails.bind(null, deps),
    residencesOf: residencesOf.bind(null, deps),
    declaredResidenceOf: declaredResidenceOf.bind(null, deps),
    nameFrozenBecause: nameFrozenBecause.bind(null, deps),
    nameHistory: nameHistory.bind(null, deps),
    recentNameChanges: recentNameChanges.bind(null, deps),
    recentNameChange: recentNameChange.bind(null, deps),
    nameChangedWithin: nameChangedWithin.bind(null, deps),
  }
}
