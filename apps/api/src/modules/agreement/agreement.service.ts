import { agreementPlainText } from '@exchange/shared/agreement'
import { keyIdOf } from '../documents/document-cipher'
import type { AgreementContext, AgreementServiceDeps } from './agreement-deps'
import { receiveNotice } from './agreement-notices'
import { hasSignedCurrent, readSigned, statusOf } from './agreement-records'
import { startSigning } from './agreement-signing'

export type { AgreementServiceDeps } from './agreement-deps'

export type AgreementService = ReturnType<typeof createAgreementService>

/**
 * The customer agreement (decision 044): starts the signature of the version in force at the configured provider,
 * applies the provider's signed notices (each once), and keeps every signed agreement with its document, encrypted
 * and append-only. Owns `agreement_signings`, `agreement_events` and `signed_agreements`.
 */
export function createAgreementService(deps: AgreementServiceDeps) {
  const context: AgreementContext = {
    ...deps,
    keyId: keyIdOf(deps.key),
    version: deps.agreement.version,
    text: agreementPlainText(deps.agreement),
  }
  return {
    statusOf: statusOf.bind(null, context),
    hasSignedCurrent: hasSignedCurrent.bind(null, context),
    startSigning: startSigning.bind(null, context),
    receiveNotice: receiveNotice.bind(null, context),
    readSigned: readSigned.bind(null, context),
    version: context.version,
  }
}
