import * as WEB_PATHS from '@exchange/shared/web-paths'
import type { CustomerAgreement } from '@exchange/shared/agreement'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { ESignatureProvider } from '../../providers/esign/esign.provider'

export interface AgreementServiceDeps {
  db: Database
  clock: Clock
  provider: ESignatureProvider
  /** The agreement in force, with the brand's company. */
  agreement: CustomerAgreement
  /** AES-256 key of the documents at rest: the signed agreements are kept like the customers' documents. */
  key: Buffer
}

/** The dependencies with what is worked out once from them: the key's id, the version in force and its text. */
export interface AgreementContext extends AgreementServiceDeps {
  keyId: string
  version: string
  text: string
}

/** The web app's return page after the provider's signing page; it reads the stored status, never the redirect. */
export const AGREEMENT_RETURN_PATH = WEB_PATHS.returnAgreement

export type AgreementNoticeOutcome = 'applied' | 'duplicate' | 'already_decided' | 'unknown_envelope'

/** The AAD of a signed agreement: its id and owner, so a ciphertext copied onto another row does not decrypt. */
export const aadOf = (id: string, customerId: string) => `signed-agreement:${id}:customer:${customerId}`
