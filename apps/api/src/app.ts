import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { MAX_JSON_BODY_BYTES } from '@exchange/shared/constants'
import { loadBrand } from './brand'
import { type Clock, systemClock } from './clock'
import type { Config } from './config'
import { type DatabaseHandle, openDatabase } from './db/client'
import { AppError } from './errors'
import { accountRoutes } from './modules/accounts/accounts.routes'
import { createAccountService } from './modules/accounts/accounts.service'
import { brandRoutes } from './modules/brand/brand.routes'
import { createBrandService } from './modules/brand/brand.service'
import { devRoutes } from './modules/dev/dev.routes'
import { createDevOutboxService } from './modules/dev/dev.service'
import { createMailService } from './modules/mail/mail.service'
import { createSessionService } from './modules/sessions/sessions.service'
import { userRoutes } from './modules/users/users.routes'
import { registerErrorHandler } from './plugins/error-handler'
import { registerRateLimits } from './plugins/rate-limits'
import { createRequireSession } from './plugins/session'
import { createSandboxGeoIp } from './providers/geoip/geoip.provider'
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
import { type Job, startJobs } from './jobs'
import { customerRoutes } from './modules/customers/customers.routes'
import { createCustomerService } from './modules/customers/customers.service'
import { orderPublicRoutes, orderUserRoutes } from './modules/orders/orders.routes'
import { createOrderService } from './modules/orders/orders.service'
import { paymentUserRoutes } from './modules/payments/payments.routes'
import { createPaymentService } from './modules/payments/payments.service'
import { ratesRoutes } from './modules/rates/rates.routes'
import { sandboxBankRoutes } from './modules/sandbox/sandbox-bank-partner.routes'
import { createSettlementService } from './modules/settlement/settlement.service'
import { webhookRoutes } from './modules/webhooks/webhooks.routes'
import { operatorRoutes } from './modules/operator/operator.routes'
import { createOperatorService } from './modules/operator/operator.service'
import { createOperatorAuth } from './plugins/operator-auth'
import { sandboxPspRoutes } from './modules/sandbox/sandbox-psp.routes'
import { createHostedPaymentService } from './modules/payments/hosted-payments.service'
import { sandboxOpenBankingRoutes } from './modules/sandbox/sandbox-open-banking.routes'
import { createSandboxOpenBanking } from './providers/open-banking/sandbox-open-banking.provider'
import { createTrueLayerOpenBanking } from './providers/open-banking/truelayer-open-banking.provider'
import { createSandboxPsp } from './providers/psp/sandbox-psp.provider'
import { createStripePsp } from './providers/psp/stripe-psp.provider'
import { createSandboxLiquidityProvider } from './providers/liquidity/sandbox-liquidity.provider'
import { createRatesService } from './modules/rates/rates.service'
import { resolveSecrets } from './secrets'
import { loadTrading } from './trading'

declare module 'fastify' {
  interface FastifyInstance {
    jobs: { refreshRates(): Promise<boolean>; expireOrders(): Promise<number>; settleWaitingOrders(): Promise<number> }
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
  /** false silences the log; a stream receives its JSON lines (tests read them). */
  logger?: false | { write(line: string): void }
}

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
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app)
  // The first path segment of every api route (v1, docs, operator, sandbox…), for the not-found handler below. The
  // web app's own files are registered last and are not api paths.
  const apiSegments = new Set<string>()
  let collectingApiSegments = true
  app.addHook('onRoute', (route) => {
    const segment = route.url.split('/')[1]
    if (collectingApiSegments && segment) apiSegments.add(segment)
  })

  const clock = overrides.clock ?? systemClock
  const brand = loadBrand(config.brandFile)
  const database =
    overrides.database ??
    (await openDatabase(
      config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
      app.log,
    ))
  const secrets = resolveSecrets(config.jwtSecret, overrides.database ? undefined : config.dataDir, {
    bank: config.bankWebhookSecret,
    psp: config.pspWebhookSecret,
    openBanking: config.openBankingWebhookSecret,
  })
  const transport =
    overrides.mailTransport ??
    (config.smtp ? createSmtpTransport(config.smtp, app.log) : createDevOutboxTransport(database.db, app.log))

  const sessions = createSessionService({
    db: database.db,
    clock,
    jwtKey: secrets.jwtKey,
    sessionHours: config.sessionHours ?? brand.cookieLifetimeHours,
  })
  const mail = createMailService({ transport, brand })
  const accounts = createAccountService({ db: database.db, clock, mail, sessions, codeKey: secrets.codeKey })
  const brandService = createBrandService({ brand, geoIp: createSandboxGeoIp(config.sandboxGeoipCountry) })
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
  const orders = createOrderService({
    db: database.db,
    clock,
    rates,
    mail,
    trading,
    quoteTtlSeconds: config.quoteTtlSeconds,
  })
  const customers = createCustomerService({ db: database.db, clock })
  const bank =
    overrides.bankPartner ??
    (config.bankPartner.kind === 'clearbank'
      ? createClearBankPartner({ ...config.bankPartner, holder: brand.company.name })
      : createSandboxBankPartner(brand.company.name, secrets.bankWebhookKey))
  const payments = createPaymentService({ db: database.db, clock, orderService: orders, bank, trading })
  const settlement = createSettlementService({
    db: database.db,
    clock,
    orderService: orders,
    rates,
    liquidity:
      overrides.liquidityProvider ??
      (config.liquidity.kind === 'ccxt'
        ? // ccxt is large: loaded only when a real exchange is configured.
          (await import('./providers/liquidity/ccxt-liquidity.provider')).createCcxtLiquidityProvider(config.liquidity)
        : createSandboxLiquidityProvider()),
    mail,
    quoteTtlSeconds: config.quoteTtlSeconds,
    log: app.log,
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
  const hosted = createHostedPaymentService({ db: database.db, clock, orderService: orders, psp, openBanking })
  const jobs: Job[] = [
    { name: 'refresh-rates', everySeconds: config.rates.refreshSeconds, run: rates.refreshRates },
    { name: 'expire-orders', everySeconds: config.orderExpirySweepSeconds, run: orders.expireOrders },
    { name: 'settle-waiting-orders', everySeconds: 30, run: settlement.settleWaitingOrders },
  ]
  // Tests run the jobs by hand, on their own clock.
  app.decorate('jobs', {
    refreshRates: rates.refreshRates,
    expireOrders: orders.expireOrders,
    settleWaitingOrders: settlement.settleWaitingOrders,
  })

  await app.register(cookie)
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Served over TLS by the load balancer in production; locally the app runs on plain http.
        upgradeInsecureRequests: null,
        imgSrc: ["'self'", 'data:'],
      },
    },
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
  await app.register(swaggerUi, { routePrefix: '/docs' })
  const limits = await registerRateLimits(app, { ...config.rateLimits, redisUrl: config.redisUrl })

  let runningJobs: { stop(): Promise<void> } | undefined
  if (config.jobsEnabled) {
    app.addHook('onReady', async () => {
      // The first prices are in place before the first request is served.
      await rates.refreshRates()
      runningJobs = startJobs(jobs, app.log)
    })
  }

  app.addHook('onClose', async () => {
    await runningJobs?.stop()
    await transport.close()
    await limits.close()
    if (!overrides.database) await database.close()
  })

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const dbOk = await database.ping()
    return reply.code(dbOk ? 200 : 503).send({ status: dbOk ? 'ok' : 'unavailable', database: database.kind })
  })

  await app.register(
    async (v1) => {
      // Every call names the brand it is made for; a call for another brand is refused before validation.
      v1.addHook('preValidation', async (request) => {
        const body = request.body as { brandName?: unknown } | undefined
        if (typeof body?.brandName === 'string' && body.brandName.trim() !== brand.brandName) {
          throw new AppError('unknown_brand', 400)
        }
      })
      await v1.register(accountRoutes({ accounts, limits }), { prefix: '/public' })
      await v1.register(brandRoutes({ brandService }), { prefix: '/public' })
      await v1.register(ratesRoutes({ rates }), { prefix: '/public' })
      await v1.register(orderPublicRoutes({ orders }), { prefix: '/public' })
      await v1.register(
        async (user) => {
          // Before the body is read: a call without a valid session learns nothing about its payload.
          user.addHook('onRequest', createRequireSession(sessions))
          await user.register(userRoutes({ accounts, orders }))
          await user.register(orderUserRoutes({ orders }))
          await user.register(customerRoutes({ customers }))
          await user.register(paymentUserRoutes({ payments, settlement, hosted }))
        },
        { prefix: '/user' },
      )
      await v1.register(webhookRoutes({ bank, psp, openBanking, clock, settlement }), { prefix: '/webhooks' })
    },
    { prefix: '/v1' },
  )

  if (config.operators.length > 0) {
    const operators = createOperatorService({ db: database.db, clock, settlement, bank })
    await app.register(operatorRoutes({ operators, requireOperator: createOperatorAuth(config.operators) }), {
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
        clock,
        key: secrets.openBankingWebhookKey,
        brandName: brand.brandName,
      }),
      { prefix: '/sandbox/bank' },
    )
  if (sandboxPsp)
    await app.register(
      sandboxPspRoutes({ psp: sandboxPsp, clock, key: secrets.pspWebhookKey, brandName: brand.brandName }),
      { prefix: '/sandbox/psp' },
    )

  if (transport.kind === 'dev-outbox')
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
