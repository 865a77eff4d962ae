import type { AccountServiceDeps } from './account-deps'
import { issueQueuedCode, resendCode } from './code-requests'
import { login, logout, verifyLoginCode } from './login'
import { checkResetCode, completePasswordReset, startPasswordReset } from './password-reset'
import { signUp } from './sign-up'

export type { AccountServiceDeps }

export type AccountService = ReturnType<typeof createAccountService>

/** Sign-up, codes, login and password reset; each operation lives in the file named for its group (decision 107). */
export function createAccountService(deps: AccountServiceDeps) {
  return {
    signUp: signUp.bind(null, deps),
    login: login.bind(null, deps),
    verifyLoginCode: verifyLoginCode.bind(null, deps),
    resendCode: resendCode.bind(null, deps),
    startPasswordReset: startPasswordReset.bind(null, deps),
    checkResetCode: checkResetCode.bind(null, deps),
    completePasswordReset: completePasswordReset.bind(null, deps),
    logout: logout.bind(null, deps),
    issueQueuedCode: issueQueuedCode.bind(null, deps),
  }
}
