import type { ResendCodeRequest } from '@exchange/shared/accounts.schemas'
import { nextCodeCheck } from '../../../lib/answer-checks'
import { postPublic } from '../../../lib/api-client'
import { useCall } from '../../../lib/use-call'

/** `homeresendcode`: e-mails a new verification code, which replaces the old one. */
function resendCode(request: ResendCodeRequest) {
  return postPublic('homeresendcode', request, nextCodeCheck)
}

export function useResendCode() {
  return useCall(resendCode)
}
