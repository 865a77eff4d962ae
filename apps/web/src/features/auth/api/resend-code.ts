import { ResendCodeAnswer, type ResendCodeRequest } from '@exchange/shared/accounts.schemas'
import { useMutation } from '@tanstack/react-query'
import { postPublic } from '../../../lib/api-client'

/** `homeresendcode`: e-mails a new verification code, which replaces the old one. */
export function resendCode(request: ResendCodeRequest) {
  return postPublic('homeresendcode', request, ResendCodeAnswer)
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode })
}
