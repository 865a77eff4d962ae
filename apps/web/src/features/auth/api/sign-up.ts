import type { SignUpAnswer, SignUpRequest } from '@exchange/shared/accounts.schemas'
import { okCheck } from '../../../lib/answer-checks'
import { postPublic } from '../../../lib/api-client'
import { useCall } from '../../../lib/use-call'

/** `homesignup`: creates the account and e-mails the verification code. */
export function signUp(request: SignUpRequest): Promise<SignUpAnswer> {
  return postPublic('homesignup', request, okCheck)
}

export function useSignUp() {
  return useCall(signUp)
}
