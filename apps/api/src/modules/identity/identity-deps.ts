import * as WEB_PATHS from '@exchange/shared/web-paths'
import type { IdentityCheckStatus } from '@exchange/shared/identity.schemas'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { IdentityStatus } from '../../db/tables/modules/identity'
import type { IdentityProvider } from '../../providers/identity/identity.provider'

export interface IdentityServiceDeps {
  db: Database
  clock: Clock
  provider: IdentityProvider
  /**
   * Called in the transaction that records a decided check (approved or rejected), so that what waits on it (paid
   * orders held for the check, decision 033) is queued with the decision or not at all.
   */
  onDecided: (tx: Database, customerId: string) => Promise<void>
  /**
   * Called in the same transaction when a notice approves, rejects or asks to send documents again, with the customer's
   * e-mail and the provider's words for them: the customer is mailed the outcome with the decision or not at all.
   */
  onOutcome?: (tx: Database, outcome: IdentityOutcomeMail) => Promise<void>
}

/** What the customer is told of a check's outcome. */
export interface IdentityOutcomeMail {
  to: string
  outcome: 'approved' | 'resubmission_requested' | 'rejected'
  message: string | null
}

/** The web app's return page after the provider's hosted page; it reads the stored status, never the redirect. */
export const IDENTITY_RETURN_PATH = WEB_PATHS.returnAuth

/** Statuses an operator may decide: documents sent and the provider's review not finished (decision 042). */
export const IN_MANUAL_REVIEW: readonly IdentityStatus[] = ['pending', 'review']

export interface IdentityStatusView {
  status: IdentityCheckStatus
  /** The provider's words for the customer, when something must be sent again or the check failed. */
  message: string | null
  updatedAt: Date | null
}

export type NoticeOutcome = 'applied' | 'duplicate' | 'stale' | 'unknown_applicant' | 'after_operator'

/**
 * Reason codes an approval from the provider is left for a person with (decision 090): the document names someone
 * other than the customer's declared name, or the provider read no name.
 */
export const NAME_MISMATCH = 'NAME_MISMATCH'
export const DOCUMENT_NAME_NOT_READ = 'DOCUMENT_NAME_NOT_READ'
