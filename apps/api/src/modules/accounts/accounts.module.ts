import * as WEB_PATHS from '@exchange/shared/web-paths'
import type { AnswerOnce } from '../request-keys/answer-once'
import type { RateLimits } from '../../plugins/rate-limits'
import type { Core, ModuleParts } from '../module-kit'
import { accountSecurityRoutes, undoEmailChangeRoute, undoEmailPages } from './account-security.routes'
import { accountRoutes } from './accounts.routes'
import { createAccountService } from './accounts.service'
import { createIssueCodeJob } from './issue-code-job'
import { secondFactorLoginRoutes, secondFactorSettingsRoutes } from './second-factor.routes'
import { createSecurityHolds } from './payout-holds'

/** Sign-up, codes, login and password reset; resend and reset leave the code to a job (decision 035). */
export function accountsModule(
  { db, clock, mail, sessions, secrets, queue, publicUrl, visitorCountryOf, brand, checksChanged }: Core,
  { limits, answerOnce }: { limits: RateLimits; answerOnce: AnswerOnce },
) {
  const accounts = createAccountService({
    db,
    clock,
    mail,
    sessions,
    codeKey: secrets.codeKey,
    secondFactorKey: secrets.secondFactorKey,
    rpName: brand.brandName,
    queue,
    publicUrl,
    checksChanged,
  })
  const routes = accountRoutes({ accounts, limits, publicUrlIsHttps: publicUrl.startsWith('https:'), answerOnce })
  const parts: ModuleParts = {
    routes: [
      { scope: 'public', routes },
      { scope: 'public', routes: undoEmailChangeRoute({ accounts, limits }) },
      { scope: 'user', routes: accountSecurityRoutes({ accounts, visitorCountryOf }) },
      { scope: 'public', routes: secondFactorLoginRoutes({ accounts, limits }) },
      { scope: 'user', routes: secondFactorSettingsRoutes({ accounts }) },
      { scope: 'root', prefix: WEB_PATHS.undoEmail, routes: undoEmailPages({ accounts, limits, brand }) },
    ],
    jobs: [createIssueCodeJob(accounts.issueQueuedCode)],
  }
  // Payouts to new wallets after a security change (decision 126): the gate, the withdrawal's last look, the screens.
  const securityHolds = createSecurityHolds({ db, clock }, publicUrl)
  return { accounts, securityHolds, parts }
}
