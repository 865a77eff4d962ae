import type { PartnerApiDeps } from './partner-api-deps'
import { partnerOrder, partnerOrders } from './partner-orders'
import { openPartnerSession } from './partner-sessions'

export type PartnerApiService = ReturnType<typeof createPartnerApiService>

/**
 * What a partner's server does with its key (decision 113): open a way in for a customer, read its own orders. The
 * key is checked before (`verifyApiKey` of the registry); every function here is given the partner it found.
 */
export function createPartnerApiService(deps: PartnerApiDeps) {
  return {
    openPartnerSession: openPartnerSession.bind(null, deps),
    partnerOrder: partnerOrder.bind(null, deps),
    partnerOrders: partnerOrders.bind(null, deps),
  }
}
