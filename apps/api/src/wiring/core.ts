import type { FastifyBaseLogger } from 'fastify'
import { loadBrand } from '../brand'
import { type Clock, createMovableClock, systemClock } from '../clock'
import type { Config } from '../config/config'
import { type DatabaseHandle, openDatabase } from '../db/client'
import { createJobQueue } from '../jobs/job-queue'
import { configurePasswordHashing } from '../modules/accounts/passwords'
import { recipientLanguage } from '../modules/accounts/recipient-language'
import { createSendMailJob } from '../modules/mail/mail-delivery'
import { createMailService } from '../modules/mail/mail.service'
import { createSessionService } from '../modules/sessions/sessions.service'
import { CUSTOMER_CHECKS_CHANGED_JOB } from '../modules/intake/money-in'
import { createDatabaseGeoIp, createSandboxGeoIp } from '../providers/geoip/geoip.provider'
import { createVisitorCountry } from '../providers/geoip/visitor-country'
import { createDevOutboxTransport } from '../providers/mail/dev-outbox.transport'
import type { MailTransport } from '../providers/mail/mail.provider'
import { createSmtpTransport } from '../providers/mail/smtp.transport'
import { resolveSecrets } from '../secrets'
import { loadTrading } from '../trading'
import type { Core, ModuleParts } from '../modules/module-kit'

export interface CoreOverrides {
  database?: DatabaseHandle
  clock?: Clock
  mailTransport?: MailTransport
}

/** Opens what the modules share. The mail part is a module of its own: its job and its transport's closing. */
export async function openCore(
  config: Config,
  log: FastifyBaseLogger,
  overrides: CoreOverrides,
): Promise<{ core: Core; parts: ModuleParts }> {
  const movableClock = config.testControls ? createMovableClock(overrides.clock ?? systemClock) : undefined
  const clock = movableClock ?? overrides.clock ?? systemClock
  const brand = loadBrand(config.brandFile)
  const database =
    overrides.database ??
    (await openDatabase(
      config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
      log,
    ))
  const secrets = resolveSecrets(
    config.jwtSecret,
    overrides.database ? undefined : config.dataDir,
    {
      bank: config.bankWebhookSecret,
      psp: config.pspWebhookSecret,
      openBanking: config.openBankingWebhookSecret,
      idv: config.identity.kind === 'sandbox' ? config.identity.webhookSecret : undefined,
      esign: config.esign.kind === 'sandbox' ? config.esign.webhookSecret : undefined,
    },
    config.documents.encryptionKey,
  )
  const transport =
    overrides.mailTransport ??
    (config.smtp
      ? createSmtpTransport(config.smtp, log, secrets.pseudonymKey)
      : createDevOutboxTransport(database.db, log, secrets.pseudonymKey))
  const queue = createJobQueue({ database, log, supervise: config.jobsEnabled })
  configurePasswordHashing(config.passwordHashing)
  const geoIp =
    config.geoIp.kind === 'sandbox'
      ? createSandboxGeoIp(config.geoIp.country)
      : await createDatabaseGeoIp(config.geoIp.file)
  const core: Core = {
    config,
    log,
    clock,
    movableClock,
    brand,
    trading: loadTrading(config.tradingFile),
    database,
    ownsDatabase: !overrides.database,
    db: database.db,
    secrets,
    transport,
    queue,
    mail: createMailService({ queue, brand, key: secrets.mailKey, languageOf: recipientLanguage(database.db) }),
    sessions: createSessionService({
      db: database.db,
      clock,
      jwtKey: secrets.jwtKey,
      sessionHours: config.sessionHours ?? brand.cookieLifetimeHours,
    }),
    visitorCountryOf: createVisitorCountry({ provider: geoIp, edgeHeader: config.geoIpEdgeHeader, log }),
    checksChanged: (tx, customerId) => queue.send(CUSTOMER_CHECKS_CHANGED_JOB, { customerId }, tx),
    publicUrl: config.publicUrl ?? '',
  }
  // Sessions are believed per process until the database announces a revocation (decision 121).
  await core.sessions.followRevocations(database)
  const parts: ModuleParts = {
    jobs: [createSendMailJob({ transport, key: secrets.mailKey })],
    close: async () => {
      await core.sessions.close()
      await transport.close()
    },
  }
  return { core, parts }
}
