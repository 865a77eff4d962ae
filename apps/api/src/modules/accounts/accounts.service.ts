import type { AccountServiceDeps } from './account-deps'
import { closeAccount } from './account-closing'
import { confirmEmailChange, startEmailChange, undoEmailChange } from './email-change'
import { changePassword } from './password-change'
import { endOtherSessions, endSession } from './session-choices'
import { issueQueuedCode, resendCode } from './code-requests'
import { login, logout, verifyLoginCode } from './login'
import { checkResetCode, completePasswordReset, startPasswordReset } from './password-reset'
import { payoutHoldOf, payoutHolds } from './payout-holds'
import { signUp } from './sign-up'

export type { AccountServiceDeps }

export type AccountService = ReturnType<typeof createAccountService>

/** Sign-up, codes, login, password reset and the account's security settings; each operation lives in the file named for its group (decision 107). */
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
    // The signed-in customer's security settings (decision 121).
    changePassword: changePassword.bind(null, deps),
    listSessions: deps.sessions.listSessions,
    endSession: endSession.bind(null, deps),
    endOtherSessions: endOtherSessions.bind(null, deps),
    startEmailChange: startEmailChange.bind(null, deps),
    confirmEmailChange: confirmEmailChange.bind(null, deps),
    undoEmailChange: undoEmailChange.bind(null, deps),
    closeAccount: closeAccount.bind(null, deps),
    // Payouts to new wallets after a security change (decision 126).
    payoutHoldOf: payoutHoldOf.bind(null, deps),
    payoutHolds: payoutHolds.bind(null, deps),
  }
}
