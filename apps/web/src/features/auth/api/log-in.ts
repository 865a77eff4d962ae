import type { LoginAnswer, LoginRequest } from '@exchange/shared/accounts.schemas'
import { loginCheck } from '../../../lib/answer-checks'
import { postPublic } from '../../../lib/api-client'
import { useCall } from '../../../lib/use-call'

/** `homelogin`: a token, or `code: true` when an e-mailed code must be entered first. */
function logIn(request: LoginRequest): Promise<LoginAnswer> {
  return postPublic('homelogin', request, loginCheck)
}

export function useLogIn() {
  return useCall(logIn)
}
