import { LoginAnswer, type LoginRequest } from '@exchange/shared/accounts.schemas'
import { useMutation } from '@tanstack/react-query'
import { postPublic } from '../../../lib/api-client'

/** `homelogin`: a token, or `code: true` when an e-mailed code must be entered first. */
export function logIn(request: LoginRequest): Promise<LoginAnswer> {
  return postPublic('homelogin', request, LoginAnswer)
}

export function useLogIn() {
  return useMutation({ mutationFn: logIn })
}
