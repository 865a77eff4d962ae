import * as WEB_PATHS from '@exchange/shared/web-paths'
import type { CustomerAgreement } from '@exchange/shared/agreement'
import type { Language } from '@exchange/shared/languages'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { ESignatureProvider } from '../../providers/esign/esign.provider'

export interface AgreementServiceDeps {
  db: Database
  clock: Clock
  provider: ESignatureProvider
  /** The agreement in force in English, with the brand's company: its version is the edition in force. */
  agreement: CustomerAgreement
  /** The edition's text in a language (decision 131); English is `agreement`. */
  translated: (language: Language, edition: string) => CustomerAgreement
  /** AES-256 key of the documents at rest: the signed agreements are kept like the customers' documents. */
  key: Buffer
}

/** One language's text of the edition in force: its own version id, its plain text and the text's SHA-256. */
export interface AgreementText {
  agreement: CustomerAgreement
  text: string
  sha256: string
}

/**
 * The dependencies with what is worked out once from them: the key's id, the edition in force (the English version's
 * id), each language's text of it, and every version id that signs it.
 */
export interface AgreementContext extends AgreementServiceDeps {
  keyId: string
  version: string
  texts: Record<Language, AgreementText>
  inForce: string[]
}

/** The web app's return page after the provider's signing page; it reads the stored status, never the redirect. */
export const AGREEMENT_RETURN_PATH = WEB_PATHS.returnAgreement

export type AgreementNoticeOutcome = 'applied' | 'duplicate' | 'already_decided' | 'unknown_envelope'

/** The AAD of a signed agreement: its id and owner, so a ciphertext copied onto another row does not decrypt. */
export const aadOf = (id: string, customerId: string) => `signed-agreement:${id}:customer:${customerId}`
