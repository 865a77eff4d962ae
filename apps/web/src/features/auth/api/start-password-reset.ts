import type { StartResetRequest } from '@exchange/shared/accounts.schemas'
import { nextCodeCheck } from '../../../lib/answer-checks'
import { postPublic } from '../../../lib/api-client'
import { useCall } from '../../../lib/use-call'

/** `homeStartResetPassword`: e-mails a reset code; answers the same whether the account exists. */
function startPasswordReset(request: StartResetRequest) {
  return postPublic('homeStartResetPassword', request, nextCodeCheck)
}

export function useStartPasswordReset() {
  return useCall(startPasswordReset)
}
