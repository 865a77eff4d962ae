import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { MAX_JSON_BODY_BYTES } from '@exchange/shared/constants'
import { payoutStepScreen } from '@exchange/shared/journey-steps'
import { loadBrand } from './brand'
import { type Clock, createMovableClock, systemClock } from './clock'
import type { Config } from './config/config'
import { type Database, type DatabaseHandle, openDatabase } from './db/client'
import { AppError } from './errors'
import { accountRoutes } from './modules/accounts/accounts.routes'
import { createAccountService } from './modules/accounts/accounts.service'
import { ISSUE_CODE_JOB, createIssueCodeJob } from './modules/accounts/issue-code-job'
import { brandRoutes } from './modules/brand/brand.routes'
import { createBrandService } from './modules/brand/brand.service'
import { devRoutes } from './modules/dev/dev.routes'
import { createDevOutboxService } from './modules/dev/dev.service'
import { createMailService } from './modules/mail/mail.service'
import { createSessionService } from './modules/sessions/sessions.service'
import { createGrossService } from './modules/users/gross.service'
import { userRoutes } from './modules/users/users.routes'
import {
  DATABASE_RETRY_AFTER_SECONDS,
  answerClientError,
  answerFrameworkError,
  registerErrorHandler,
} from './plugins/error-handler'
import { guardSandboxPages, refuseConvenienceRoutes } from './config/deployment-guards'
import { registerSecurityHeaders } from './plugins/security-headers'
import { refuseUnknownFields } from './plugins/strict-bodies'
import { conveniencesAllowed, logDeployment } from './config/deployment'
import { serializeError } from './plugins/log-safe-errors'
import { registerRateLimits } from './plugins/rate-limits'
import { createRequireSession } from './plugins/session'
import { createDatabaseGeoIp, createSandboxGeoIp } from './providers/geoip/geoip.provider'
import { createVisitorCountry } from './providers/geoip/visitor-country'
import { createDevOutboxTransport } from './providers/mail/dev-outbox.transport'
import type { MailTransport } from './providers/mail/mail.provider'
import type { BankPartnerProvider } from './providers/bank/bank-partner.provider'
import type { LiquidityProvider } from './providers/liquidity/liquidity.provider'
import { createClearBankPartner } from './providers/bank/clearbank-bank-partner.provider'
import { createSandboxBankPartner } from './providers/bank/sandbox-bank-partner.provider'
import { createSmtpTransport } from './providers/mail/smtp.transport'
import { createKrakenRatesProvider } from './providers/rates/kraken-rates.provider'
import type { RatesProvider } from './providers/rates/rates.provider'
import { createSandboxRatesProvider } from './providers/rates/sandbox-rates.provider'
import { configurePasswordHashing } from './modules/accounts/passwords'
import { createJobQueue, type JobDefinition } from './jobs/job-queue'
import { SEND_MAIL_JOB, createSendMailJob } from './modules/mail/mail-delivery'
import { customerRoutes } from './modules/customers/customers.routes'
import { createCustomerService } from './modules/customers/customers.service'
import { orderPublicRoutes, orderUserRoutes } from './modules/orders/orders.routes'
import { createOrderService } from './modules/orders/orders.service'
import { paymentUserRoutes } from './modules/payments/payments.routes'
import { createPaymentService } from './modules/payments/payments.service'
import { ratesRoutes } from './modules/rates/rates.routes'
import { sandboxBankRoutes } from './providers/bank/sandbox-bank-partner.routes'
import { CUSTOMER_CHECKS_CHANGED_JOB, createMoneyIn } from './modules/intake/money-in'
import { createHostedPaymentReconciliation } from './modules/reconciliation/hosted-payment-reconciliation'
import { webhookRoutes } from './modules/webhooks/webhooks.routes'
import { operatorRoutes } from './modules/operator/operator.routes'
import { createOperatorService } from './modules/operator/operator.service'
import {
  OPERATOR_FAILURE_WINDOW_SECONDS,
  OPERATOR_FAILURES_PER_ADDRESS,
  OPERATOR_FAILURES_PER_NAME,
  createOperatorAuth,
} from './plugins/operator-auth'
import { sandboxPspRoutes } from './providers/psp/sandbox-psp.routes'
import { createHostedPaymentService } from './modules/payments/hosted-payments.service'
import { sandboxOpenBankingRoutes } from './providers/open-banking/sandbox-open-banking.routes'
import { createSandboxNoticeService } from './providers/sandbox/notices.service'
import {
  SANDBOX_OPEN_BANKING_SIGNATURE_HEADER,
  createSandboxOpenBanking,
} from './providers/open-banking/sandbox-open-banking.provider'
import { createTrueLayerOpenBanking } from './providers/open-banking/truelayer-open-banking.provider'
import { SANDBOX_PSP_SIGNATURE_HEADER, createSandboxPsp } from './providers/psp/sandbox-psp.provider'
import { createStripePsp } from './providers/psp/stripe-psp.provider'
import { createSandboxLiquidityProvider } from './providers/liquidity/sandbox-liquidity.provider'
import { createRatesService } from './modules/rates/rates.service'
import { scrubLogLine } from './plugins/pseudonyms'
import { resolveSecrets } from './secrets'
import { documentRoutes } from './modules/documents/documents.routes'
import { createDocumentReviews } from './modules/documents/document-reviews'
import { createDocumentService } from './modules/documents/documents.service'
import { UPLOADS_WAITING, createUploadSlots } from './modules/documents/upload-slots'
import { identityUserRoutes, identityWebhookRoutes } from './modules/identity/identity.routes'
import { createIdentityService } from './modules/identity/identity.service'
import { sandboxIdvRoutes } from './providers/identity/sandbox-identity.routes'
import { walletRoutes } from './modules/wallets/wallets.routes'
import { createWalletService } from './modules/wallets/wallets.service'
import type { IdentityProvider } from './providers/identity/identity.provider'
import { createSandboxIdentityProvider } from './providers/identity/sandbox-identity.provider'
import { createSumsubIdentityProvider } from './providers/identity/sumsub-identity.provider'
import { loadTrading } from './trading'
import { dueDiligenceRoutes } from './modules/due-diligence/due-diligence.routes'
import { createDueDiligenceService } from './modules/due-diligence/due-diligence.service'
import { journeyRoutes } from './modules/journey/journey.routes'
import { createJourneyService } from './modules/journey/journey.service'
import { createPayoutGate } from './modules/journey/payout-gate'
import { testControlRoutes } from './modules/test-controls/test-controls.routes'
import { ukStepsRoutes } from './modules/uk-steps/uk-steps.routes'
import { type CustomerAgreement, customerAgreement } from '@exchange/shared/agreement'
import { agreementUserRoutes, agreementWebhookRoutes } from './modules/agreement/agreement.routes'
import { createAgreementService } from './modules/agreement/agreement.service'
import { sandboxEsignRoutes } from './providers/esign/sandbox-esign.routes'
import type { ESignatureProvider } from './providers/esign/esign.provider'
import { createSandboxEsignProvider } from './providers/esign/sandbox-esign.provider'
import { createUkStepsService } from './modules/uk-steps/uk-steps.service'
import { createRequestKeyService } from './modules/request-keys/request-keys.service'
import { createAnswerOnce } from './plugins/idempotency-key'

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
          | 'forget-request-keys',
      ): Promise<number>
      /** Asks the providers about hosted payments near their order's end and decides what they confirm. */
      reconcileHostedPayments(): Promise<number>
      resendSandboxNotices(): Promise<number>
      /** Runs the queued `customer-checks-changed` jobs: orders held for checks are settled or refunded. */
      customerChecksChanged(): Promise<number>
    }
  }
}

export interface AppOverrides {
  /** An already opened database (tests open their own to look at what got stored). */
  database?: DatabaseHandle
  clock?: Clock
  /** Replaces the configured mail transport. */
  mailTransport?: MailTransport
  /** Replaces the configured price source (tests make it fail on purpose). */
  ratesProvider?: RatesProvider
  /** Replaces the configured liquidity provider (tests make it fail on purpose). */
  liquidityProvider?: LiquidityProvider
  /** Replaces the configured bank partner (tests put a live adapter on recorded answers). */
  bankPartner?: BankPartnerProvider
  /** Replaces the configured identity provider (tests put the Sumsub adapter on recorded answers). */
  identityProvider?: IdentityProvider
  /** Replaces the configured e-signature provider (tests put the DocuSign adapter on recorded answers). */
  esignProvider?: ESignatureProvider
  /** Replaces the agreement in force (tests publish a new version). */
  agreement?: CustomerAgreement
  /** false silences the log; a stream receives its JSON lines (tests read them). */
  logger?: false | { write(line: string): void }
}

/** How often hosted payments near their order's end are asked about at the provider (decision 034). */
const RECONCILE_HOSTED_PAYMENTS_SECONDS = 60
/** How often the Idempotency-Keys past their day are forgotten (decision 092). */
const FORGET_REQUEST_KEYS_SECONDS = 3600

/** Same path from `src/app.ts` and from the bundled `dist/server.js`: both sit two levels below apps/. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url))

/** Builds the whole api, as production runs it; `server.ts` only adds `listen`. This is the route map. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const logger: FastifyServerOptions['logger'] =
    overrides.logger === false
      ? false
      : {
          level: config.logLevel,
          // Tokens and cookies never reach the log.
          redact: {
            paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            censor: '[redacted]',
          },
          // A failed query is logged by its shape: never the values bound to it.
          serializers: { err: serializeError },
          // No e-mail address reaches a log line, whatever logged it (decision 076).
          hooks: { streamWrite: scrubLogLine },
          ...(overrides.logger
            ? { stream: overrides.logger }
            : config.env === 'development' && {
                transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
              }),
        }
  const hops = config.trustProxyHops
  const app = Fastify({
    logger,
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: hops > 0 ? (_address: string, hop: number) => hop < hops : false,
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(refuseUnknownFields)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app)
  // Once shutdown begins, every answer closes its connection: an idle keep-alive connection would otherwise hold the
  // server open until the forced exit, and the client's next call goes to a process that is staying.
  let shuttingDown = false
  app.addHook('preClose', async () => {
    shuttingDown = true
  })
  app.addHook('onSend', async (_request, reply) => {
    if (shuttingDown) reply.header('connection', 'close')
  })
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        // Served over TLS by the load balancer in production; locally the app runs on plain http.
        upgradeInsecureRequests: null,
        imgSrc: ["'self'", 'data:'],
      },
    },
  })
  logDeployment(app.log, config)
  refuseConvenienceRoutes(app, config)
  // The first path segment of every api route (v1, docs, operator, sandbox…), for the not-found handler below. The
  // web app's own files are registered last and are not api paths. The development conveniences' doors are api paths
  // even when they are closed, so that a client is told 404, not handed the web app (decision 070).
  const apiSegments = new Set<string>(['dev', 'test', 'docs', 'sandbox'])
  let collectingApiSegments = true
  app.addHook('onRoute', (route) => {
    const segment = route.url.split('/')[1]
    if (collectingApiSegments && segment) apiSegments.add(segment)
  })

  // With the test controls, the e2e journeys can move the server clock forward (the UK cooling-off, decision 041).
  const movableClock = config.testControls ? createMovableClock(overrides.clock ?? systemClock) : undefined
  const clock = movableClock ?? overrides.clock ?? systemClock
  const brand = loadBrand(config.brandFile)
  const database =
    overrides.database ??
    (await openDatabase(
      config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
      app.log,
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
      ? createSmtpTransport(config.smtp, app.log, secrets.pseudonymKey)
      : createDevOutboxTransport(database.db, app.log, secrets.pseudonymKey))

  const sessions = createSessionService({
    db: database.db,
    clock,
    jwtKey: secrets.jwtKey,
    sessionHours: config.sessionHours ?? brand.cookieLifetimeHours,
  })
  // One durable queue for all background work, in the application's database (decision 024).
  const queue = createJobQueue({ database, log: app.log, supervise: config.jobsEnabled })
  queue.define(createSendMailJob({ transport, key: secrets.mailKey }))
  const mail = createMailService({ queue, brand, key: secrets.mailKey })
  configurePasswordHashing(config.passwordHashing)
  const accounts = createAccountService({ db: database.db, clock, mail, sessions, codeKey: secrets.codeKey, queue })
  // Resend and reset answer alike for any e-mail and leave the code to this job (decision 035).
  queue.define(createIssueCodeJob(accounts.issueQueuedCode))
  const geoIp =
    config.geoIp.kind === 'sandbox'
      ? createSandboxGeoIp(config.geoIp.country)
      : await createDatabaseGeoIp(config.geoIp.file)
  const visitorCountryOf = createVisitorCountry({ provider: geoIp, edgeHeader: config.geoIpEdgeHeader, log: app.log })
  const brandService = createBrandService({
    brand,
    visitorCountryOf,
    // The customers and documents modules are declared below; asked only when a request or a job comes (decision 091).
    declaredResidenceOf: (customerId) => customers.declaredResidenceOf(customerId),
    proofOfAddressAcceptedAfter: (customerId, after) => documentReviews.proofOfAddressAcceptedAfter(customerId, after),
  })
  const trading = loadTrading(config.tradingFile)
  const ratesProvider =
    overrides.ratesProvider ??
    (config.rates.provider === 'kraken'
      ? createKrakenRatesProvider()
      : createSandboxRatesProvider(trading.sandboxReference))
  const rates = createRatesService({
    db: database.db,
    clock,
    provider: ratesProvider,
    trading,
    maxAgeSeconds: config.rates.maxAgeSeconds,
    quoteTtlSeconds: config.quoteTtlSeconds,
    log: app.log,
  })
  const sandboxIdentity =
    config.identity.kind === 'sandbox'
      ? createSandboxIdentityProvider({ db: database.db, clock, key: secrets.idvWebhookKey })
      : undefined
  const identityProvider =
    overrides.identityProvider ??
    (config.identity.kind === 'sumsub' ? createSumsubIdentityProvider(config.identity) : sandboxIdentity!)
  // A fact that can free a held payout (a decided identity check, a proven wallet, details, source of funds, enhanced
  // checks) is stored with the job that moves the customer's waiting orders on, or not at all (decisions 033, 039).
  const checksChanged = (tx: Database, customerId: string) =>
    queue.send(CUSTOMER_CHECKS_CHANGED_JOB, { customerId }, tx)
  const identity = createIdentityService({
    db: database.db,
    clock,
    provider: identityProvider,
    onDecided: checksChanged,
    // The customer hears of the outcome from us, in the transaction that records it.
    onOutcome: (tx, { to, outcome, message }) =>
      mail.sendIdentityOutcome(
        to,
        outcome,
        message,
        { dashboard: `${config.publicUrl ?? ''}/dashboard`, identity: `${config.publicUrl ?? ''}/dashboard-authstart` },
        tx,
      ),
  })
  const wallets = createWalletService({ db: database.db, clock, brandName: brand.brandName, onProven: checksChanged })
  const dueDiligence = createDueDiligenceService({ db: database.db, clock, onFactsChanged: checksChanged })
  const ukSteps = createUkStepsService({ db: database.db, clock })
  const sandboxEsign =
    config.esign.kind === 'sandbox'
      ? createSandboxEsignProvider({ db: database.db, clock, key: secrets.esignWebhookKey })
      : undefined
  const esignProvider =
    overrides.esignProvider ??
    (config.esign.kind === 'docusign'
      ? // The DocuSign package is large: loaded only when DocuSign is configured.
        (await import('./providers/esign/docusign-esign.provider')).createDocusignEsignProvider(config.esign)
      : sandboxEsign!)
  // The customer agreement in force, signed before orders (decision 044); kept encrypted like documents.
  const agreement = createAgreementService({
    db: database.db,
    clock,
    provider: esignProvider,
    agreement: overrides.agreement ?? customerAgreement(brand.company),
    key: secrets.documentsKey,
  })
  // What a customer still owes before an order starts or a payout leaves (decision 036).
  const journey = createJourneyService({
    db: database.db,
    clock,
    identity,
    wallets,
    dueDiligence,
    ukSteps: { ...ukSteps, isUkCustomer: brandService.isUkCustomer },
    agreement,
    // Declared before the customers module below; asked only when a request comes.
    residencesOf: (customerId) => customers.residencesOf(customerId),
    policy: config.journey,
  })
  const orders = createOrderService({
    db: database.db,
    clock,
    rates,
    mail,
    trading,
    quoteTtlSeconds: config.quoteTtlSeconds,
    assertMayStartOrder: journey.assertMayStartOrder,
    assertMayPay: journey.assertMayPay,
    chainNetwork: config.liquidity.kind === 'ccxt' && config.liquidity.testnet ? 'testnet' : 'mainnet',
  })
  const gross = createGrossService({ db: database.db, clock, trading, agreementVersion: agreement.version })
  await gross.followChanges(database)
  const customers = createCustomerService({
    db: database.db,
    clock,
    nameChangeHoldHours: config.nameChangeHoldHours,
    // An approved identity freezes the name (decision 090): read in the saving transaction.
    verifiedNameOf: (customerId, tx) => identity.verifiedNameOf(customerId, { tx }),
    onDetailsSaved: checksChanged,
    visitorCountryOf,
  })
  const bank =
    overrides.bankPartner ??
    (config.bankPartner.kind === 'clearbank'
      ? createClearBankPartner({ ...config.bankPartner, holder: brand.company.name })
      : createSandboxBankPartner(brand.company.name, secrets.bankWebhookKey))
  const payments = createPaymentService({
    db: database.db,
    clock,
    orderService: orders,
    bank,
    trading,
    assertMayPay: journey.assertMayPay,
  })
  const sandboxPsp =
    config.psp.kind === 'sandbox' ? createSandboxPsp({ db: database.db, clock, key: secrets.pspWebhookKey }) : undefined
  const psp = config.psp.kind === 'stripe' ? createStripePsp(config.psp) : sandboxPsp!
  const sandboxOpenBanking =
    config.openBanking.kind === 'sandbox'
      ? createSandboxOpenBanking({ db: database.db, clock, key: secrets.openBankingWebhookKey })
      : undefined
  const openBanking =
    config.openBanking.kind === 'truelayer' ? createTrueLayerOpenBanking(config.openBanking) : sandboxOpenBanking!
  // Every journey step that blocks a payout holds it: details, identity, the order's wallet, source of funds and
  // enhanced checks (decisions 033, 036, 039).
  const payoutGate = createPayoutGate({ journey, identity, publicUrl: config.publicUrl })
  const moneyIn = createMoneyIn({
    db: database.db,
    clock,
    orderService: orders,
    liquidity:
      overrides.liquidityProvider ??
      (config.liquidity.kind === 'ccxt'
        ? // ccxt is large: loaded only when a real exchange is configured.
          (await import('./providers/liquidity/ccxt-liquidity.provider')).createCcxtLiquidityProvider(config.liquidity)
        : createSandboxLiquidityProvider({ db: database.db, clock })),
    mail,
    repriceToleranceBps: config.bankRepriceToleranceBps,
    recentNameChange: customers.recentNameChange,
    verifiedNameOf: identity.verifiedNameOf,
    reconciliation: createHostedPaymentReconciliation({ db: database.db, clock, psp, openBanking }),
    walletLink: (reference) => `${config.publicUrl ?? ''}${payoutStepScreen('wallet', reference)}`,
    payoutGate,
    isWalletProven: wallets.isWalletProven,
    log: app.log,
  })
  const documents = createDocumentService({
    db: database.db,
    clock,
    key: secrets.documentsKey,
    maxPerCustomer: config.documents.maxPerCustomer,
  })
  const documentReviews = createDocumentReviews({ db: database.db, clock })
  const hosted = createHostedPaymentService({
    db: database.db,
    clock,
    orderService: orders,
    psp,
    openBanking,
    assertMayPay: journey.assertMayPay,
  })
  // The sandbox PSP and pay-by-bank send their notices again until the exchange takes them (decision 028).
  const sandboxNotices = createSandboxNoticeService({
    db: database.db,
    clock,
    keys: { psp: secrets.pspWebhookKey, 'open-banking': secrets.openBankingWebhookKey },
    routes: {
      psp: { url: '/v1/webhooks/psp', signatureHeader: SANDBOX_PSP_SIGNATURE_HEADER },
      'open-banking': { url: '/v1/webhooks/open-banking', signatureHeader: SANDBOX_OPEN_BANKING_SIGNATURE_HEADER },
    },
    post: async ({ url, headers, body }) =>
      (await app.inject({ method: 'POST', url, headers, payload: body })).statusCode,
  })
  // Calls safe to send twice: a retry with the first request's Idempotency-Key gets its answer (decision 092).
  const requestKeys = createRequestKeyService({ db: database.db, clock, digestKey: secrets.requestDigestKey })
  const answerOnce = createAnswerOnce(requestKeys)
  const recurring = (name: string, everySeconds: number, timeoutSeconds: number, run: () => Promise<unknown>) =>
    ({
      name,
      everySeconds,
      retryLimit: 0,
      retryDelaySeconds: 0,
      timeoutSeconds,
      pollSeconds: 1,
      run,
    }) satisfies JobDefinition
  queue.define(recurring('refresh-rates', config.rates.refreshSeconds, 30, rates.refreshRates))
  // Hosted payments still open near their order's end are asked about at the provider (a notice may have been lost
  // to a crash), far enough ahead that each is asked at least once before the order ends (decision 034).
  const reconcileHostedPayments = () =>
    moneyIn.reconcileHostedPayments({ withinSeconds: 2 * RECONCILE_HOSTED_PAYMENTS_SECONDS })
  // An order is never expired on a lost notice: its open hosted payments are asked about once more, right before.
  const expireOrders = async () => {
    await moneyIn.reconcileHostedPayments({ withinSeconds: 0, includeEnded: false })
    return orders.expireOrders()
  }
  queue.define(recurring('expire-orders', config.orderExpirySweepSeconds, 60, expireOrders))
  queue.define(recurring('settle-waiting-orders', 30, 300, moneyIn.settleWaitingOrders))
  queue.define({
    name: CUSTOMER_CHECKS_CHANGED_JOB,
    retryLimit: 8,
    retryDelaySeconds: 5,
    timeoutSeconds: 300,
    pollSeconds: 1,
    run: (data) => moneyIn.customerChecksChanged((data as { customerId: string }).customerId),
  })
  queue.define(recurring('reconcile-hosted-payments', RECONCILE_HOSTED_PAYMENTS_SECONDS, 120, reconcileHostedPayments))
  queue.define(recurring('forget-request-keys', FORGET_REQUEST_KEYS_SECONDS, 60, requestKeys.forgetOldKeys))
  if (sandboxPsp || sandboxOpenBanking)
    queue.define(recurring('resend-sandbox-notices', 30, 120, sandboxNotices.resendUndeliveredNotices))
  // Tests run the jobs by hand, on their own clock.
  app.decorate('jobs', {
    refreshRates: rates.refreshRates,
    expireOrders,
    settleWaitingOrders: moneyIn.settleWaitingOrders,
    reconcileHostedPayments,
    deliverMail: () => queue.runPending(SEND_MAIL_JOB),
    issueCodes: () => queue.runPending(ISSUE_CODE_JOB),
    runQueued: (name: string) => queue.runNow(name),
    resendSandboxNotices: sandboxNotices.resendUndeliveredNotices,
    customerChecksChanged: () => queue.runPending(CUSTOMER_CHECKS_CHANGED_JOB),
  })

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${brand.brandName} exchange api`,
        version: '1.0.0',
        description: 'Public calls: POST /v1/public/{name}. User calls: POST /v1/user/{name} with a Bearer token.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  })
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/docs' })
  const limits = await registerRateLimits(app, {
    ...config.rateLimits,
    redisUrl: config.redisUrl,
    clock,
    pseudonymKey: secrets.pseudonymKey,
  })

  // One operator login for the operator pages and, in production, the sandbox pages; failures are limited per
  // address and per name across processes (decision 023).
  const requireOperator = createOperatorAuth(
    config.operators,
    {
      byAddress: limits.failures('operator-address', {
        max: OPERATOR_FAILURES_PER_ADDRESS,
        windowSeconds: OPERATOR_FAILURE_WINDOW_SECONDS,
      }),
      byName: limits.failures('operator-name', {
        max: OPERATOR_FAILURES_PER_NAME,
        windowSeconds: OPERATOR_FAILURE_WINDOW_SECONDS,
      }),
    },
    { key: secrets.operatorDeviceKey, publicUrlIsHttps: config.publicUrl?.startsWith('https:') === true },
  )
  guardSandboxPages(app, config, requireOperator)

  app.addHook('onReady', async () => {
    await queue.start()
    // The recurring jobs run once first, so the first prices are in place before the first request is served.
    if (config.jobsEnabled) await queue.startWorkers()
  })

  // Shutdown (decision 072): from its first moment no new job is claimed, while the requests in flight finish; the
  // job being run finishes too (bounded), and only then does the database close. Jobs not yet run stay stored for
  // the next process.
  let queueStopped: Promise<void> | undefined
  app.addHook('preClose', async () => {
    queueStopped = queue.stop().catch((error: unknown) => app.log.warn({ err: error }, 'job queue stopped uncleanly'))
  })
  app.addHook('onClose', async () => {
    await (queueStopped ?? queue.stop())
    await transport.close()
    await limits.close()
    await gross.close()
    if (!overrides.database) await database.close()
  })

  // Liveness: the process answers at all; nothing it depends on is asked, so an outage never gets it restarted.
  app.get('/livez', { schema: { hide: true } }, async () => ({ status: 'alive' }))
  // Readiness (and `/healthz`, its older name): the database answers, so calls can be served. While it does not, or
  // while the process shuts down, 503: a balancer sends calls elsewhere.
  const ready = async (_request: FastifyRequest, reply: FastifyReply) => {
    const dbOk = await database.ping()
    if (!dbOk) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
    return reply.code(dbOk ? 200 : 503).send({ status: dbOk ? 'ok' : 'unavailable', database: database.kind })
  }
  app.get('/readyz', { schema: { hide: true } }, ready)
  app.get('/healthz', { schema: { hide: true } }, ready)

  await app.register(
    async (v1) => {
      // Every call names the brand it is made for; a call for another brand is refused before validation. A hook
      // with a callback, not an async one: it runs on every call and has nothing to wait for.
      v1.addHook('preValidation', (request, _reply, done) => {
        const body = request.body as { brandName?: unknown } | undefined
        const otherBrand = typeof body?.brandName === 'string' && body.brandName.trim() !== brand.brandName
        done(otherBrand ? new AppError('unknown_brand', 400) : undefined)
      })
      await v1.register(
        accountRoutes({
          accounts,
          limits,
          publicUrlIsHttps: config.publicUrl?.startsWith('https:') === true,
          answerOnce,
        }),
        { prefix: '/public' },
      )
      await v1.register(brandRoutes({ brandService }), { prefix: '/public' })
      await v1.register(ratesRoutes({ rates }), { prefix: '/public' })
      await v1.register(orderPublicRoutes({ orders }), { prefix: '/public' })
      await v1.register(
        async (user) => {
          // Before the body is read: a call without a valid session learns nothing about its payload.
          user.addHook('onRequest', createRequireSession(sessions))
          await user.register(userRoutes({ accounts, gross }))
          await user.register(orderUserRoutes({ orders, answerOnce }))
          await user.register(customerRoutes({ customers }))
          await user.register(paymentUserRoutes({ payments, moneyIn, hosted }))
          await user.register(identityUserRoutes({ identity }))
          await user.register(
            documentRoutes({
              documents,
              uploads: createUploadSlots({
                perCustomer: config.documents.uploadsPerCustomer,
                total: config.documents.uploadsAtOnce,
                maxWaiting: UPLOADS_WAITING,
                maxWaitMs: config.documents.uploadWaitSeconds * 1000,
              }),
              maxBytes: config.documents.maxBytes,
              brandName: brand.brandName,
            }),
          )
          await user.register(walletRoutes({ wallets }))
          await user.register(dueDiligenceRoutes({ dueDiligence }))
          await user.register(journeyRoutes({ journey }))
          await user.register(agreementUserRoutes({ agreement }))
          await user.register(
            ukStepsRoutes({
              ukSteps,
              isUkCustomer: brandService.isUkCustomer,
            }),
          )
        },
        { prefix: '/user' },
      )
      await v1.register(webhookRoutes({ bank, psp, openBanking, clock, moneyIn }), { prefix: '/webhooks' })
      await v1.register(identityWebhookRoutes({ identity, provider: identityProvider, clock }), { prefix: '/webhooks' })
      await v1.register(agreementWebhookRoutes({ agreement, provider: esignProvider, clock }), { prefix: '/webhooks' })
    },
    { prefix: '/v1' },
  )

  if (config.operators.length > 0) {
    const operators = createOperatorService({
      db: database.db,
      clock,
      moneyIn,
      bank,
      dueDiligence,
      customers,
      identity,
      documents,
      documentReviews,
      unprovenResidenceOf: brandService.unprovenResidenceOf,
    })
    await app.register(operatorRoutes({ operators, requireOperator }), {
      prefix: '/operator',
    })
  }
  if (bank.sandbox)
    await app.register(sandboxBankRoutes({ bank, key: secrets.bankWebhookKey, clock }), {
      prefix: '/sandbox/bank-partner',
    })
  if (sandboxOpenBanking)
    await app.register(
      sandboxOpenBankingRoutes({
        openBanking: sandboxOpenBanking,
        notices: sandboxNotices,
        brandName: brand.brandName,
      }),
      { prefix: '/sandbox/bank' },
    )
  if (sandboxPsp)
    await app.register(sandboxPspRoutes({ psp: sandboxPsp, notices: sandboxNotices, brandName: brand.brandName }), {
      prefix: '/sandbox/psp',
    })

  if (sandboxIdentity && !overrides.identityProvider)
    await app.register(
      sandboxIdvRoutes({
        provider: sandboxIdentity,
        clock,
        key: secrets.idvWebhookKey,
        brandName: brand.brandName,
      }),
      { prefix: '/sandbox/idv' },
    )

  if (sandboxEsign && !overrides.esignProvider)
    await app.register(
      sandboxEsignRoutes({ provider: sandboxEsign, clock, key: secrets.esignWebhookKey, brandName: brand.brandName }),
      { prefix: '/sandbox/esign' },
    )

  if (movableClock)
    await app.register(testControlRoutes({ clock: movableClock, ratesProvider, refreshRates: rates.refreshRates }), {
      prefix: '/test',
    })

  // Never in production nor beside a real party, whatever the transport: the outbox holds every code and reset link.
  if (transport.kind === 'dev-outbox' && conveniencesAllowed(config))
    await app.register(devRoutes({ outbox: createDevOutboxService({ db: database.db }) }), { prefix: '/dev' })

  collectingApiSegments = false
  const webDist = resolve(config.webDistDir ?? DEFAULT_WEB_DIST)
  const hasWeb = existsSync(join(webDist, 'index.html'))
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The web build writes .br and .gz copies beside each text asset; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    const isApi = apiSegments.has(path.split('/')[1] ?? '')
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes (/login, /dashboard-…) all load the web app, which shows its own not-found page.
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    const otherMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
      (method) => method !== request.method && app.hasRoute({ url: path, method }),
    )
    if (otherMethods.length > 0) {
      return reply
        .code(405)
        .header('allow', otherMethods.join(', '))
        .send({ result: false, error: 'method_not_allowed' })
    }
    return reply.code(404).send({ result: false, error: 'not_found' })
  })

  return app
}
