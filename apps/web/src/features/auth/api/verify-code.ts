import type { VerifyCodeAnswer, VerifyCodeRequest } from '@exchange/shared/accounts.schemas'
import { verifiedCheck } from '../../../lib/answer-checks'
import { postPublic } from '../../../lib/api-client'
import { useCall } from '../../../lib/use-call'

/** `verifycode`: exchanges the e-mailed code for a session token. */
function verifyCode(request: VerifyCodeRequest): Promise<VerifyCodeAnswer> {
  return postPublic('verifycode', request, verifiedCheck)
}

export function useVerifyCode() {
  return useCall(verifyCode)
}
