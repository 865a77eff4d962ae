import { identityStatusOf, startCheck, verifiedNameOf } from './identity-checks'
import type { IdentityServiceDeps } from './identity-deps'
import { receiveNotice } from './identity-notices'
import { checksInReview, decideInReview } from './identity-review'

export { IN_MANUAL_REVIEW, type IdentityServiceDeps } from './identity-deps'

export type IdentityService = ReturnType<typeof createIdentityService>

/**
 * Identity verification of customers: starts a check at the configured provider, and applies the provider's signed
 * notices to it, each once and in the provider's order. Owns `identity_checks` and `identity_events`.
 */
export function createIdentityService(deps: IdentityServiceDeps) {
  return {
    startCheck: startCheck.bind(null, deps),
    identityStatusOf: identityStatusOf.bind(null, deps),
    receiveNotice: receiveNotice.bind(null, deps),
    checksInReview: checksInReview.bind(null, deps),
    decideInReview: decideInReview.bind(null, deps),
    verifiedNameOf: verifiedNameOf.bind(null, deps),
  }
}
