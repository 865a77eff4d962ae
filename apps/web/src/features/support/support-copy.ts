import type { ErrorCode } from '@exchange/shared/errors'
import { ERROR_COPY } from '@exchange/shared/error-copy'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import type { SupportTopic, TicketStatus } from '@exchange/shared/support.schemas'

/** The topics as the customer reads them, in the form's order. */
export const TOPIC_NAMES: Record<SupportTopic, string> = {
  order: 'An order',
  payment: 'A payment',
  identity: 'My identity check',
  wallet: 'My wallet',
  account: 'My account',
  complaint: 'A complaint',
  other: 'Something else',
}

export const STATUS_NAMES: Record<TicketStatus, { label: string; color: string }> = {
  open: { label: 'With our team', color: 'blue' },
  answered: { label: 'Answered', color: 'teal' },
  closed: { label: 'Closed', color: 'gray' },
}

/** The support calls' own refusals, kept here so that the first load of other pages does not carry them. */
const SUPPORT_ERROR_COPY: Partial<Record<ErrorCode, string>> = {
  not_found: 'We could not find this request.',
  transition_not_allowed: 'This request is closed. Please open a new one if you need more help.',
  rate_limited:
    'You have written to us many times today. Please answer in one of your requests, or try again tomorrow.',
  order_not_found: 'We could not find this order among yours. Please choose it from the list.',
}

/** An api refusal in the customer's words. */
export function supportAlertCopy(error: ErrorCode): string {
  return SUPPORT_ERROR_COPY[error] ?? ERROR_COPY[error] ?? ALERT_MESSAGES.somethingWentWrong
}
