import { startCheck, identityStatusOf, verifiedNameOf } from './identity-checks'
import type { IdentityServiceDeps } from './identity-deps'
import { receiveNotice } from './identity-notices'
import { checksInReview, decideInReview } from './identity-review'

export {
  IDENTITY_RETURN_PATH,
  IN_MANUAL_REVIEW,
  NAME_MISMATCH,
  DOCUMENT_NAME_NOT_READ,
  type IdentityServiceDeps,
  type IdentityOutcomeMail,
  type IdentityStatusView,
  type NoticeOutcome,
} from './identity-deps'

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
