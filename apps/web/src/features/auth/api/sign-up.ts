import { SignUpAnswer, type SignUpRequest } from '@exchange/shared/accounts.schemas'
import { useMutation } from '@tanstack/react-query'
import { postPublic } from '../../../lib/api-client'

/** `homesignup`: creates the account and e-mails the verification code. */
export function signUp(request: SignUpRequest): Promise<SignUpAnswer> {
  return postPublic('homesignup', request, SignUpAnswer)
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp })
}
