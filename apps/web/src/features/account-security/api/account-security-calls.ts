import {
  ChangePasswordAnswer,
  type ChangePasswordRequest,
  CloseAccountAnswer,
  type CloseAccountRequest,
  ConfirmEmailChangeAnswer,
  type ConfirmEmailChangeRequest,
  EndOtherSessionsAnswer,
  EndSessionAnswer,
  type EndSessionRequest,
  ListSessionsAnswer,
  StartEmailChangeAnswer,
  type StartEmailChangeRequest,
} from '@exchange/shared/account-security.schemas'
import type { ErrorCode } from '@exchange/shared/errors'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { queryOptions } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'

/** The calls of the account's security settings (decision 121). */
export const securityCalls = {
  changePassword: (request: ChangePasswordRequest) => postUser('changePassword', request, ChangePasswordAnswer),
  endSession: (request: EndSessionRequest) => postUser('endSession', request, EndSessionAnswer),
  endOtherSessions: (brandName: string) => postUser('endOtherSessions', { brandName }, EndOtherSessionsAnswer),
  startEmailChange: (request: StartEmailChangeRequest) => postUser('startEmailChange', request, StartEmailChangeAnswer),
  confirmEmailChange: (request: ConfirmEmailChangeRequest) =>
    postUser('confirmEmailChange', request, ConfirmEmailChangeAnswer),
  closeAccount: (request: CloseAccountRequest) => postUser('closeAccount', request, CloseAccountAnswer),
}

export function sessionsQueryOptions(brandName: string) {
  return queryOptions({
    queryKey: ['listSessions', brandName],
    queryFn: () => postUser('listSessions', { brandName }, ListSessionsAnswer),
  })
}

/** What each refusal of these calls tells the customer; anything else is the general message. */
const COPY: Partial<Record<ErrorCode, string>> = {
  invalid_credentials: 'This is not your current password.',
  rate_limited: 'Too many wrong passwords. Wait a few minutes, then try again.',
  resend_too_soon: 'A code was sent moments ago. Wait half a minute before asking for another.',
  resend_limit_reached: 'Too many codes were asked for this address. Try again later.',
  codes_paused: 'Codes for this address are paused for now. Try again later.',
  code_invalid: 'This code is not right. Check the e-mail and type it again.',
  code_expired: 'This code has expired. Ask for a new one.',
  code_attempts_exceeded: 'Too many wrong codes. Ask for a new one.',
  email_unchanged: 'This is already your e-mail address.',
  email_change_not_pending: 'No change of e-mail is waiting for a code. Start again.',
  email_change_undoable:
    'Your last e-mail change can still be undone from the old address, for 72 hours after it. Until then this is not possible.',
  session_not_found: 'This session has already ended.',
  unauthorized: 'Your session has ended. Please log in again.',
  service_unavailable: 'We are busy right now. Try again in a moment.',
}

/** The message of a refused call: its own copy, or "something went wrong". */
export function refusalMessage(answer: false | { result: false; error: ErrorCode }): string {
  if (answer === false) return COPY.unauthorized!
  return COPY[answer.error] ?? ALERT_MESSAGES.somethingWentWrong
}
