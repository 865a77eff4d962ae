import type { CompleteResetRequest } from '@exchange/shared/accounts.schemas'
import { okCheck } from '../../../lib/answer-checks'
import { postPublic } from '../../../lib/api-client'
import { useCall } from '../../../lib/use-call'

/** `homeCompleteResetPassword`: sets the new password with the e-mailed code. */
function completePasswordReset(request: CompleteResetRequest) {
  return postPublic('homeCompleteResetPassword', request, okCheck)
}

export function useCompletePasswordReset() {
  return useCall(completePasswordReset)
}
