import { StartResetAnswer, type StartResetRequest } from '@exchange/shared/accounts.schemas'
import { useMutation } from '@tanstack/react-query'
import { postPublic } from '../../../lib/api-client'

/** `homeStartResetPassword`: e-mails a reset code; answers the same whether the account exists. */
export function startPasswordReset(request: StartResetRequest) {
  return postPublic('homeStartResetPassword', request, StartResetAnswer)
}

export function useStartPasswordReset() {
  return useMutation({ mutationFn: startPasswordReset })
}
