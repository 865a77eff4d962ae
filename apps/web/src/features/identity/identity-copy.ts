import type { ErrorCode } from '@exchange/shared/errors'
import { ERROR_COPY } from '@exchange/shared/error-copy'
import { ALERT_MESSAGES } from '@exchange/shared/messages'

/** The identity screens' copy per error code; the rest fall back to the shared copy, then 'Something went wrong'. */
const IDENTITY_ERROR_COPY: Partial<Record<ErrorCode, string>> = {
  provider_unavailable: 'Our identity partner is not answering right now. Please try again in a minute.',
}

export function identityAlertCopy(error: ErrorCode): string {
  return IDENTITY_ERROR_COPY[error] ?? ERROR_COPY[error] ?? ALERT_MESSAGES.somethingWentWrong
}

/** How long a check takes, said the same way before and after it. */
export const IDENTITY_DURATION =
  'Taking the photos takes about 5 minutes. Most checks are decided within a few minutes; if a person has to look at your documents, it can take up to one working day.'
