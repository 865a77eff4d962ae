import type { CheckResetCodeRequest } from '@exchange/shared/accounts.schemas'
import { okCheck } from '../../../lib/answer-checks'
import { postPublic } from '../../../lib/api-client'
import { useCall } from '../../../lib/use-call'

/** `homeCheckToken`: tells whether a reset code is right without using it up. */
function checkResetCode(request: CheckResetCodeRequest) {
  return postPublic('homeCheckToken', request, okCheck)
}

export function useCheckResetCode() {
  return useCall(checkResetCode)
}
