import type { IncomingNotice } from '../signed-notice'

interface VerificationRequest {
  /** Our opaque id of the check; the provider keeps it as its external user id. */
  externalUserId: string
  email: string
  /** Where the provider sends the browser back (a path of the web app). */
  returnPath: string
  /** The name the customer declared, which the provider may cross-check with the document (null when not given). */
  declaredName: PersonName | null
}

/** A person's first name(s) and last name, as written on a document or declared. */
export interface PersonName {
  firstName: string
  lastName: string
}

interface VerificationLink {
  applicantId: string
  /** The provider's hosted verification page. */
  verificationUrl: string
}

/** What a verified provider notice says about one applicant, in our words. */
export interface IdentityNotice {
  /** Unique per notice (the provider's event id, or a digest of the body): a notice sent twice is acted on once. */
  noticeKey: string
  applicantId: string
  externalUserId: string | undefined
  outcome: 'pending' | 'review' | 'resubmission_requested' | 'approved' | 'rejected'
  /** The provider's reason codes, for operators. */
  reasons: string[]
  /** Words the provider wrote for the customer, if any. */
  customerMessage: string | undefined
  /** When the provider says this happened: a late older notice does not overwrite a newer one. */
  occurredAt: Date
}

/** An identity verification provider with a hosted page and signed server-to-server notices. */
export interface IdentityProvider {
  readonly kind: 'sandbox' | 'sumsub'
  readonly sandbox: boolean
  /** Creates the applicant (or finds the one already made for this external user id) and a fresh link to its page. */
  startVerification(request: VerificationRequest): Promise<VerificationLink>
  /**
   * Checks the signature over the raw body: undefined for a forged or stale notice (refused), null for a genuine
   * notice that needs no action (acknowledged), else what it says.
   */
  verifyNotification(notice: IncomingNotice): Promise<IdentityNotice | null | undefined>
  /**
   * The name on the applicant's verified document, as the provider read it, or null when it read none. Asked when a
   * check is approved: it is the name payments are compared with from then on (decision 090).
   */
  documentNameOf(applicantId: string): Promise<PersonName | null>
}
