import type { SignUpAnswer, SignUpRequest } from '@exchange/shared/accounts.schemas'
import { okCheck } from '../../../lib/answer-checks'
import { postPublic } from '../../../lib/api-client'
import { useCall } from '../../../lib/use-call'

/**
 * `homesignup`: creates the account and e-mails the verification code. Pressed again after no answer, the same
 * details send the same Idempotency-Key: the api answers as it did, and creates nothing twice (decision 092).
 */
function signUp(request: SignUpRequest): Promise<SignUpAnswer> {
  return postPublic('homesignup', request, okCheck, { action: 'sign-up' })
}

export function useSignUp() {
  return useCall(signUp)
}
