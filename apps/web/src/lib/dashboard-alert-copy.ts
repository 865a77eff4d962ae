import type { FailureAnswer } from '@exchange/shared/answer'
import type { ErrorCode } from '@exchange/shared/errors'
import { ERROR_COPY } from '@exchange/shared/error-copy'
import { ACCOUNT_ERROR_COPY } from '@exchange/shared/messages'
import { localizeCopy } from './common-copy'
import { errorCopyCatalog } from './error-copy/messages'
import { catalogLanguage } from './i18n/catalog'

type ErrorCopyId = Parameters<typeof errorCopyCatalog.t>[0]

// The copy is small and any signed-in screen may show it after a call fails: it loads with the first screen that can.
void errorCopyCatalog.load(catalogLanguage()).catch(() => undefined)

/** The shared copy of an error code in the customer's language; undefined for a code without copy of its own. */
export function errorCopy(code: ErrorCode): string | undefined {
  const english = ERROR_COPY[code]
  if (english === undefined) return undefined
  if (code in ACCOUNT_ERROR_COPY) return localizeCopy(english)
  return errorCopyCatalog.isLoaded(catalogLanguage()) ? errorCopyCatalog.t(`errorCopy.${code}` as ErrorCopyId) : english
}

/**
 * Copy for a failed answer on a signed-in screen: the code's own message where it has one, else the screen's message
 * (a shared English text, such as "Something went wrong", in the customer's language).
 */
export function alertCopyFor(failure: Pick<FailureAnswer, 'error'>, screenMessage: string): string {
  return errorCopy(failure.error) ?? localizeCopy(screenMessage)
}
