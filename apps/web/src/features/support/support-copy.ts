import type { ErrorCode } from '@exchange/shared/errors'
import { ERROR_COPY } from '@exchange/shared/error-copy'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import type { SupportTopic, TicketStatus } from '@exchange/shared/support.schemas'
import { localizeCopy } from '../../lib/common-copy'
import { supportCatalog } from './messages'

/**
 * Support's words for the topics, the statuses and the refusals, in the customer's language (decision 129). Called
 * while rendering, or by a handler of a screen whose component has loaded the catalog.
 */

/** A topic as the customer reads it. */
export const topicName = (topic: SupportTopic) => supportCatalog.t(`support.topic.${topic}`)

const STATUS_COLORS: Record<TicketStatus, string> = { open: 'blue', answered: 'teal', closed: 'gray' }

/** A ticket's status as the customer reads it, and its badge's colour. */
export const statusBadge = (status: TicketStatus) => ({
  label: supportCatalog.t(`support.status.${status}`),
  color: STATUS_COLORS[status],
})

type SupportId = Parameters<typeof supportCatalog.t>[0]

/** The support calls' own refusals, kept here so that other pages' first load does not carry them. */
const SUPPORT_ERRORS: Partial<Record<ErrorCode, SupportId>> = {
  not_found: 'support.error.not_found',
  transition_not_allowed: 'support.error.transition_not_allowed',
  rate_limited: 'support.error.rate_limited',
  order_not_found: 'support.error.order_not_found',
}

/** The shared refusals of a file sent with a request, in `ERROR_COPY`'s words. */
export const FILE_ERRORS: Partial<Record<ErrorCode, SupportId>> = {
  file_missing: 'support.fileError.file_missing',
  file_type_not_allowed: 'support.fileError.file_type_not_allowed',
  file_too_large: 'support.fileError.file_too_large',
  uploads_busy: 'support.fileError.uploads_busy',
  file_limit_reached: 'support.fileError.file_limit_reached',
}

/** An api refusal in the customer's words and language. */
export function supportAlertCopy(error: ErrorCode): string {
  const key = SUPPORT_ERRORS[error] ?? FILE_ERRORS[error]
  return key ? supportCatalog.t(key) : localizeCopy(ERROR_COPY[error] ?? ALERT_MESSAGES.somethingWentWrong)
}
