import type { ErrorCode } from '@exchange/shared/errors'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { alertCopyFor } from '../../lib/dashboard-alert-copy'
import { identityCatalog, type IdentityId } from './messages'

/** The identity screens' copy per error code; the rest fall back to the shared copy, then 'Something went wrong'. */
const IDENTITY_ERROR_COPY: Partial<Record<ErrorCode, IdentityId>> = {
  provider_unavailable: 'identity.error.providerUnavailable',
}

export function identityAlertCopy(error: ErrorCode): string {
  const key = IDENTITY_ERROR_COPY[error]
  return key ? identityCatalog.t(key) : alertCopyFor({ error }, ALERT_MESSAGES.somethingWentWrong)
}

/** How long a check takes, said the same way before and after it, in the customer's language. */
export function identityDuration(): string {
  return identityCatalog.t('identity.duration')
}

/**
 * The same in English, for the screens that are given it as a value (the support route): they should call
 * `identityDuration()` while rendering instead.
 */
export const IDENTITY_DURATION =
  'Taking the photos takes about 5 minutes. Most checks are decided within a few minutes; if a person has to look at your documents, it can take up to one working day.'
