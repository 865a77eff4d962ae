import type { AccountServiceDeps } from './account-deps'
import { closeAccount } from './account-closing'
import { confirmEmailChange, startEmailChange, undoEmailChange } from './email-change'
import { changeLanguage } from './language-setting'
import { changePassword } from './password-change'
import { endOtherSessions, endSession } from './session-choices'
import { issueQueuedCode, resendCode } from './code-requests'
import { login, logout, verifyLoginCode } from './login'
import { checkResetCode, completePasswordReset, startPasswordReset } from './password-reset'
import { payoutHoldOf, payoutHolds } from './payout-holds'
import { signUp } from './sign-up'
import { completeSecondFactorLogin, passkeyLoginOptions, passkeySignIn } from './second-factor-login'
import {
  addPasskey,
  confirmTotp,
  disableTotp,
  passkeyReauthOptions,
  removePasskey,
  renamePasskey,
  renewRecoveryCodes,
  secondFactorStatus,
  startPasskey,
  startTotp,
} from './second-factor-settings'

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
    // The language of the customer's e-mails and of the web after login (decision 131).
    changeLanguage: changeLanguage.bind(null, deps),
    // Two-factor sign-in (decision 124).
    completeSecondFactorLogin: completeSecondFactorLogin.bind(null, deps),
    passkeyLoginOptions: passkeyLoginOptions.bind(null, deps),
    passkeySignIn: passkeySignIn.bind(null, deps),
    secondFactorStatus: secondFactorStatus.bind(null, deps),
    startTotp: startTotp.bind(null, deps),
    confirmTotp: confirmTotp.bind(null, deps),
    disableTotp: disableTotp.bind(null, deps),
    renewRecoveryCodes: renewRecoveryCodes.bind(null, deps),
    startPasskey: startPasskey.bind(null, deps),
    addPasskey: addPasskey.bind(null, deps),
    renamePasskey: renamePasskey.bind(null, deps),
    passkeyReauthOptions: passkeyReauthOptions.bind(null, deps),
    removePasskey: removePasskey.bind(null, deps),
    // Payouts to new wallets after a security change (decision 126).
    payoutHoldOf: payoutHoldOf.bind(null, deps),
    payoutHolds: payoutHolds.bind(null, deps),
  }
}
