import { VerifyCodeAnswer, type VerifyCodeRequest } from '@exchange/shared/accounts.schemas'
import { useMutation } from '@tanstack/react-query'
import { postPublic } from '../../../lib/api-client'

/** `verifycode`: exchanges the e-mailed code for a session token. */
export function verifyCode(request: VerifyCodeRequest): Promise<VerifyCodeAnswer> {
  return postPublic('verifycode', request, VerifyCodeAnswer)
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode })
}
