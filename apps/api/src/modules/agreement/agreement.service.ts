import { createHash } from 'node:crypto'
import { type CustomerAgreement, agreementPlainText } from '@exchange/shared/agreement'
import { LANGUAGES, type Language } from '@exchange/shared/languages'
import { keyIdOf } from '../documents/document-cipher'
import type { AgreementContext, AgreementServiceDeps, AgreementText } from './agreement-deps'
import { receiveNotice } from './agreement-notices'
import { hasSignedCurrent, readSigned, statusOf } from './agreement-records'
import { startSigning } from './agreement-signing'

export type { AgreementServiceDeps } from './agreement-deps'

export type AgreementService = ReturnType<typeof createAgreementService>

/**
 * The customer agreement (decision 044): starts the signature of the version in force at the configured provider, in
 * the language the customer reads it in (decision 131: each language's text is a version of its own),
 * applies the provider's signed notices (each once), and keeps every signed agreement with its document, encrypted
 * and append-only. Owns `agreement_signings`, `agreement_events` and `signed_agreements`.
 */
export function createAgreementService(deps: AgreementServiceDeps) {
  const edition = deps.agreement.version
  const textOf = (agreement: CustomerAgreement): AgreementText => {
    const text = agreementPlainText(agreement)
    return { agreement, text, sha256: createHash('sha256').update(text, 'utf8').digest('hex') }
  }
  const texts = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      textOf(language === 'en' ? deps.agreement : deps.translated(language, edition)),
    ]),
  ) as Record<Language, AgreementText>
  const context: AgreementContext = {
    ...deps,
    keyId: keyIdOf(deps.key),
    version: edition,
    texts,
    inForce: LANGUAGES.map((language) => texts[language].agreement.version),
  }
  return {
    statusOf: statusOf.bind(null, context),
    hasSignedCurrent: hasSignedCurrent.bind(null, context),
    startSigning: startSigning.bind(null, context),
    receiveNotice: receiveNotice.bind(null, context),
    readSigned: readSigned.bind(null, context),
    version: context.version,
    /** Every language's version id of the edition in force: a signature of any of them signs it (decision 131). */
    versions: context.inForce,
  }
}
