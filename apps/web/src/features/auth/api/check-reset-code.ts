import { CheckResetCodeAnswer, type CheckResetCodeRequest } from '@exchange/shared/accounts.schemas'
import { useMutation } from '@tanstack/react-query'
import { postPublic } from '../../../lib/api-client'

/** `homeCheckToken`: tells whether a reset code is right without using it up. */
export function checkResetCode(request: CheckResetCodeRequest) {
  return postPublic('homeCheckToken', request, CheckResetCodeAnswer)
}

export function useCheckResetCode() {
  return useMutation({ mutationFn: checkResetCode })
}
