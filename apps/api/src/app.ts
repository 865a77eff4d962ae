import { fileURLToPath } from 'node:url'
import { resolve } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { CustomerAgreement } from '@exchange/shared/agreement'
import type { Clock } from './clock'
import type { Config } from './config/config'
import { refuseConvenienceRoutes } from './config/deployment-guards'
import { logDeployment } from './config/deployment'
import type { DatabaseHandle } from './db/client'
import type { PartnerApiFetch } from './modules/dev/partner-test-page'
import { ISSUE_CODE_JOB } from './modules/accounts/issue-code-job'
import { SEND_MAIL_JOB } from './modules/mail/mail-delivery'
import { FORWARD_ERROR_JOB } from './modules/error-log/error-log-deps'
import { CUSTOMER_CHECKS_CHANGED_JOB } from './modules/intake/money-in'
import { allowPartnerFraming } from './plugins/security-headers'
import type { MailTransport } from './providers/mail/mail.provider'
import { openCore } from './wiring/core'
import { collectApiSegments, createFastify, type LoggerOverride } from './wiring/fastify'
import { mountRoutes, registerApiDocs, registerGates, registerLifecycle, registerProbes, serveWeb } from './wiring/http'
import { wireModules } from './wiring/modules'
import { type PartyOverrides, chooseParties } from './wiring/parties'

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      refreshRates(): Promise<boolean>
      expireOrders(): Promise<number>
      settleWaitingOrders(): Promise<number>
      /** Delivers the queued e-mails that are due, in this process; answers how many jobs ran. */
      deliverMail(): Promise<number>
      /** Runs the queued issue-code jobs that are due, in this process (they queue the mail); answers how many ran. */
      issueCodes(): Promise<number>
      /** Sends one job of a recurring queue and runs that queue's due jobs in this process. */
      runQueued(
        name:
          | 'refresh-rates'
          | 'expire-orders'
          | 'settle-waiting-orders'
          | 'resend-sandbox-notices'
          | 'reconcile-hosted-payments'
          | 'forget-request-keys'
          | 'forget-operator-sessions'
          | 'deliver-partner-webhooks'
          | 'remind-complaint-deadlines',
      ): Promise<number>
      /** Asks the providers about hosted payments near their order's end and decides what they confirm. */
      reconcileHostedPayments(): Promise<number>
      resendSandboxNotices(): Promise<number>
      /** Runs the queued `customer-checks-changed` jobs: orders held for checks are settled or refunded. */
      customerChecksChanged(): Promise<number>
      /** Runs the queued `forward-error` jobs that are due: entries of the error log to its webhook. */
      forwardErrors(): Promise<number>
      /** Mails the operators the complaints whose deadline comes soon or has passed; answers how many (decision 126). */
      remindComplaints(): Promise<number>
    }
  }
}

export interface AppOverrides extends PartyOverrides {
  /** An already opened database (tests open their own to look at what got stored). */
  database?: DatabaseHandle
  clock?: Clock
  /** Replaces the configured mail transport. */
  mailTransport?: MailTransport
  /** Replaces the agreement in force (tests publish a new version). */
  agreement?: CustomerAgreement
  /** false silences the log; a stream receives its JSON lines (tests read them). */
  logger?: LoggerOverride
  /** How the test partner's page reaches the partner api (default: HTTP); tests that do not listen pass `inject`. */
  partnerApiFetch?: PartnerApiFetch
}

/** Same path from `src/app.ts` and from the bundled `dist/server.js`: both sit two levels below apps/. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url))

/** The web build's folder: `WEB_DIST_DIR`, or the web workspace's dist. */
const webDistOf = (config: Config) => resolve(config.webDistDir ?? DEFAULT_WEB_DIST)

/**
 * Builds the whole api, as production runs it; `server.ts` only adds `listen`. The shared parts first, then the
 * outside parties, then the modules (`wiring/modules.ts`, each bringing its routes and jobs), then the web app.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = createFastify(config, overrides.logger)
  logDeployment(app.log, config)
  refuseConvenienceRoutes(app, config)
  const apiSegments = collectApiSegments(app)
  const { core, parts: coreParts } = await openCore(config, app.log, overrides)
  const { parties, parts: partyParts, resendSandboxNotices } = await chooseParties(core, app, overrides)
  await registerApiDocs(app, core)
  const gates = await registerGates(app, core)
  const { parts, money, partners, remindComplaints } = await wireModules(
    core,
    parties,
    gates,
    webDistOf(config),
    overrides.agreement,
    overrides.partnerApiFetch,
  )
  allowPartnerFraming(app, partners.embeddingOriginsOf)
  const allParts = [coreParts, partyParts, ...parts]
  registerLifecycle(app, core, allParts, gates)
  // Tests run the jobs by hand, on their own clock.
  const { queue } = core
  app.decorate('jobs', {
    refreshRates: money.rates.refreshRates,
    expireOrders: money.expireOrders,
    settleWaitingOrders: money.moneyIn.settleWaitingOrders,
    reconcileHostedPayments: money.reconcileHostedPayments,
    deliverMail: () => queue.runPending(SEND_MAIL_JOB),
    issueCodes: () => queue.runPending(ISSUE_CODE_JOB),
    runQueued: (name: string) => queue.runNow(name),
    resendSandboxNotices,
    customerChecksChanged: () => queue.runPending(CUSTOMER_CHECKS_CHANGED_JOB),
    forwardErrors: () => queue.runPending(FORWARD_ERROR_JOB),
    remindComplaints,
  })
  registerProbes(app, core)
  await mountRoutes(app, core, allParts)
  apiSegments.stop()
  await serveWeb(app, webDistOf(config), apiSegments.segments)
  return app
}
