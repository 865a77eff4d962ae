import type { ErrorLogService } from '../error-log/error-log.service'
import type { Core, ModuleParts } from '../module-kit'
import type { PartnerWebhookService } from '../partner-webhooks/partner-webhooks.service'
import type { OperatorAccountDeps } from './operator-accounts'
import { type OperatorSessions, forgetOldSessionsJob } from './operator-sessions'
import { operatorRoutes } from './operator.routes'
import { createOperatorService } from './operator.service'
import { partnerDeliveries } from './partner-deliveries'
import { type SignInLimits, signInRoutes } from './sign-in.routes'

type OperatorNeeds = Omit<Parameters<typeof createOperatorService>[0], 'db' | 'clock' | 'fourEyes'>

/**
 * The operators' pages: held payments, reviews, customers (decision 023), the web's errors (decision 120), the
 * operators themselves; the sign-in at /operator/login with each operator's own account, roles and second factor
 * (decision 127); the back office's api and its React app at /operator/app (decision 133), from the web build in
 * `webDist`.
 */
export function operatorModule(
  { db, clock, secrets, brand, config }: Core,
  needs: OperatorNeeds,
  signIn: { sessions: OperatorSessions; limits: SignInLimits },
  reads: { partnerWebhooks: PartnerWebhookService; errorLog: Pick<ErrorLogService, 'latestGroups'> },
  webDist: string,
): { parts: ModuleParts } {
  const operators = createOperatorService({ db, clock, fourEyes: config.fourEyes, ...needs })
  const deliveries = partnerDeliveries({ db, clock }, reads.partnerWebhooks)
  const accounts: OperatorAccountDeps = {
    db,
    clock,
    secondFactorKey: secrets.secondFactorKey,
    issuer: `${brand.brandName} operators`,
  }
  const routes = operatorRoutes({
    operators,
    accounts,
    sessions: signIn.sessions,
    partnerDeliveries: deliveries,
    errorGroups: reads.errorLog.latestGroups,
    webDist,
  })
  return {
    parts: {
      jobs: [forgetOldSessionsJob(signIn.sessions)],
      routes: [
        { scope: 'root', prefix: '/operator', routes },
        { scope: 'root', prefix: '/operator', routes: signInRoutes({ accounts, ...signIn }) },
      ],
    },
  }
}
