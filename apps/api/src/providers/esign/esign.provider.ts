import type { IncomingNotice } from '../signed-notice'

/** What is sent for signature: the agreement in force, as text, and who signs it. */
export interface EnvelopeRequest {
  /** Our id of the signing request; the provider keeps it as the embedded signer's client user id. */
  signingId: string
  email: string
  signerName: string
  agreement: { version: string; title: string; text: string }
}

/** Where the signer signs: a fresh link to the provider's page, which sends the browser back to `returnPath`. */
interface SigningLinkRequest {
  envelopeId: string
  signingId: string
  email: string
  signerName: string
  /** A path of the web app (the provider's absolute return URL is built from the public address). */
  returnPath: string
}

/** What a verified provider notice says about one envelope, in our words. */
export interface SigningNotice {
  /** Unique per notice: a notice delivered twice is acted on once. */
  noticeKey: string
  envelopeId: string
  outcome: 'signed' | 'declined'
  /** The signer's address, when the provider reports it. */
  signerIp: string | undefined
  /** When the provider says this happened. */
  occurredAt: Date
}

/** The signed document the provider holds: DocuSign's combined PDF, or the sandbox's signed record. */
export interface SignedDocument {
  mediaType: 'application/pdf' | 'text/plain'
  fileName: string
  bytes: Buffer
}

/** An e-signature provider with embedded signing and signed server-to-server notices (decision 044). */
export interface ESignatureProvider {
  readonly kind: 'sandbox' | 'docusign'
  readonly sandbox: boolean
  createEnvelope(request: EnvelopeRequest): Promise<{ envelopeId: string }>
  signingUrl(request: SigningLinkRequest): Promise<string>
  /**
   * Checks the signature over the raw body: undefined for a forged notice (refused), null for a genuine notice that
   * needs no action (acknowledged), else what it says.
   */
  verifyNotification(notice: IncomingNotice): Promise<SigningNotice | null | undefined>
  /** The signed document of a completed envelope. */
  signedDocument(envelopeId: string): Promise<SignedDocument>
}
