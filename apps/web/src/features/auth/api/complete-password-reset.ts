import { CompleteResetAnswer, type CompleteResetRequest } from '@exchange/shared/accounts.schemas'
import { useMutation } from '@tanstack/react-query'
import { postPublic } from '../../../lib/api-client'

/** `homeCompleteResetPassword`: sets the new password with the e-mailed code. */
export function completePasswordReset(request: CompleteResetRequest) {
  return postPublic('homeCompleteResetPassword', request, CompleteResetAnswer)
}

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: completePasswordReset })
}
