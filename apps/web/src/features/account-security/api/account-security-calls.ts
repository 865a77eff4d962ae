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
import { localizeCopy } from '../../../lib/common-copy'
import { accountSecurityCatalog } from '../messages'

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

/** The refusals of these calls that have words of their own (`account-security.refusal.<code>`); anything else is general. */
const OWN_COPY = [
  'invalid_credentials',
  'rate_limited',
  'resend_too_soon',
  'resend_limit_reached',
  'codes_paused',
  'code_invalid',
  'code_expired',
  'code_attempts_exceeded',
  'email_unchanged',
  'email_change_not_pending',
  'email_change_undoable',
  'session_not_found',
  'unauthorized',
  'service_unavailable',
] as const satisfies readonly ErrorCode[]
type OwnCopy = (typeof OWN_COPY)[number]
const hasOwnCopy = (code: ErrorCode): code is OwnCopy => (OWN_COPY as readonly ErrorCode[]).includes(code)

/**
 * The message of a refused call in the customer's language: its own copy, or "something went wrong". Called by the
 * screens whose components have loaded the catalog (decision 129).
 */
export function refusalMessage(answer: false | { result: false; error: ErrorCode }): string {
  const code = answer === false ? 'unauthorized' : answer.error
  return hasOwnCopy(code)
    ? accountSecurityCatalog.t(`account-security.refusal.${code}`)
    : localizeCopy(ALERT_MESSAGES.somethingWentWrong)
}
