import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { guardSandboxPages } from '../config/deployment-guards'
import { AppError } from '../errors'
import { DATABASE_RETRY_AFTER_SECONDS } from '../plugins/error-handler'
import { type OperatorSessions, createOperatorSessions } from '../modules/operator/operator-sessions'
import {
  OPERATOR_CODE_FAILURES_PER_OPERATOR,
  OPERATOR_CODE_FAILURES_PER_SIGN_IN,
  OPERATOR_FAILURES_PER_ADDRESS,
  OPERATOR_FAILURES_PER_NAME_AND_ADDRESS,
  OPERATOR_FAILURE_WINDOW_SECONDS,
  type SignInLimits,
} from '../modules/operator/sign-in.routes'
import { type RateLimits, registerRateLimits } from '../plugins/rate-limits'
import { createRequireSession } from '../plugins/session'
import type { Core, ModuleParts, RouteMount, RouteScope } from '../modules/module-kit'

/** What stands before the routes: the rate limits and the operators' sessions and sign-in limits. */
export interface Gates {
  limits: RateLimits
  operatorSignIn: { sessions: OperatorSessions; limits: SignInLimits }
}

/** The OpenAPI description of every route registered after it, and its pages when enabled. */
export async function registerApiDocs(app: FastifyInstance, { config, brand }: Core) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${brand.brandName} exchange api`,
        version: '1.0.0',
        description:
          "Public calls: POST /v1/public/{name}. User calls: POST /v1/user/{name} with a Bearer token. Partner calls: /v1/partner/… with the partner's API key (docs/partner-api.md).",
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // A partner's server calls /v1/partner/… with its API key (decision 113).
          partnerKey: { type: 'http', scheme: 'bearer', bearerFormat: 'hvxp_<keyId>_<secret>' },
        },
      },
      tags: [
        { name: 'partner', description: "A partner's server, with its API key: ways in and order reads" },
        { name: 'partner visit', description: "The partner's customer in the web: the link claimed, the way back" },
      ],
    },
    transform: jsonSchemaTransform,
  })
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/docs' })
}

/**
 * The rate limits, and the operators' sessions that open the operator pages and, in production, the sandbox pages;
 * failed sign-ins are limited per address and per (login name, address) across processes (decisions 023, 127).
 */
export async function registerGates(
  app: FastifyInstance,
  { config, clock, secrets, publicUrl, db }: Core,
): Promise<Gates> {
  const limits = await registerRateLimits(app, {
    ...config.rateLimits,
    redisUrl: config.redisUrl,
    clock,
    pseudonymKey: secrets.pseudonymKey,
  })
  const failures = (name: string, max: number) =>
    limits.failures(name, { max, windowSeconds: OPERATOR_FAILURE_WINDOW_SECONDS })
  const sessions = createOperatorSessions({
    db,
    clock,
    ...config.operatorSessions,
    publicUrlIsHttps: publicUrl.startsWith('https:'),
  })
  guardSandboxPages(app, config, sessions.requireOperator)
  const signInLimits: SignInLimits = {
    byAddress: failures('operator-address', OPERATOR_FAILURES_PER_ADDRESS),
    byNameAndAddress: failures('operator-name-address', OPERATOR_FAILURES_PER_NAME_AND_ADDRESS),
    codesBySignIn: failures('operator-code-sign-in', OPERATOR_CODE_FAILURES_PER_SIGN_IN),
    codesByOperator: failures('operator-code-operator', OPERATOR_CODE_FAILURES_PER_OPERATOR),
  }
  return { limits, operatorSignIn: { sessions, limits: signInLimits } }
}

/**
 * Start and shutdown (decision 072): the job queue starts before the first request; from the first moment of
 * shutdown no new job is claimed while the requests in flight finish, the job being run finishes too (bounded), and
 * only then do the modules and the database close. Jobs not yet run stay stored for the next process.
 */
export function registerLifecycle(app: FastifyInstance, core: Core, parts: ModuleParts[], gates: Gates) {
  const { queue, config } = core
  for (const job of parts.flatMap((part) => part.jobs ?? [])) queue.define(job)
  app.addHook('onReady', async () => {
    await queue.start()
    // The recurring jobs run once first, so the first prices are in place before the first request is served.
    if (config.jobsEnabled) await queue.startWorkers()
  })
  let queueStopped: Promise<void> | undefined
  app.addHook('preClose', async () => {
    queueStopped = queue.stop().catch((error: unknown) => app.log.warn({ err: error }, 'job queue stopped uncleanly'))
  })
  app.addHook('onClose', async () => {
    await (queueStopped ?? queue.stop())
    for (const part of parts) await part.close?.()
    await gates.limits.close()
    if (core.ownsDatabase) await core.database.close()
  })
}

/**
 * Liveness: the process answers at all; nothing it depends on is asked, so an outage never gets it restarted.
 * Readiness (and `/healthz`, its older name): the database answers, so calls can be served. While it does not, or
 * while the process shuts down, 503: a balancer sends calls elsewhere.
 */
export function registerProbes(app: FastifyInstance, { database }: Core) {
  app.get('/livez', { schema: { hide: true } }, async () => ({ status: 'alive' }))
  const ready = async (_request: FastifyRequest, reply: FastifyReply) => {
    const dbOk = await database.ping()
    if (!dbOk) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
    return reply.code(dbOk ? 200 : 503).send({ status: dbOk ? 'ok' : 'unavailable', database: database.kind })
  }
  app.get('/readyz', { schema: { hide: true } }, ready)
  app.get('/healthz', { schema: { hide: true } }, ready)
}

/** Mounts every module's routes where their scope says: /v1/public, /v1/user (signed in), /v1/webhooks, or their own. */
export async function mountRoutes(app: FastifyInstance, { brand, sessions }: Core, parts: ModuleParts[]) {
  const mounts = parts.flatMap((part) => part.routes ?? [])
  const inScope = (scope: RouteScope) => mounts.filter((mount) => mount.scope === scope)
  const registerAll = async (scope: FastifyInstance, list: RouteMount[]) => {
    for (const mount of list) await scope.register(mount.routes, mount.prefix ? { prefix: mount.prefix } : {})
  }
  await app.register(
    async (v1) => {
      // Every call names the brand it is made for; a call for another brand is refused before validation. A hook
      // with a callback, not an async one: it runs on every call and has nothing to wait for.
      v1.addHook('preValidation', (request, _reply, done) => {
        const body = request.body as { brandName?: unknown } | undefined
        const otherBrand = typeof body?.brandName === 'string' && body.brandName.trim() !== brand.brandName
        done(otherBrand ? new AppError('unknown_brand', 400) : undefined)
      })
      await v1.register((scope) => registerAll(scope, inScope('public')), { prefix: '/public' })
      await v1.register(
        async (user) => {
          // Before the body is read: a call without a valid session learns nothing about its payload.
          user.addHook('onRequest', createRequireSession(sessions))
          await registerAll(user, inScope('user'))
        },
        { prefix: '/user' },
      )
      await v1.register((scope) => registerAll(scope, inScope('webhooks')), { prefix: '/webhooks' })
    },
    { prefix: '/v1' },
  )
  await registerAll(app, inScope('root'))
}

/**
 * The web app's files, and the answer to every path no route takes: client-side routes (/login, /dashboard-…) load
 * the web app, which shows its own not-found page; an api path answers 405 or 404.
 */
export async function serveWeb(app: FastifyInstance, webDist: string, apiSegments: Set<string>) {
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
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD'))
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    const otherMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
      (method) => method !== request.method && app.hasRoute({ url: path, method }),
    )
    if (otherMethods.length > 0)
      return reply
        .code(405)
        .header('allow', otherMethods.join(', '))
        .send({ result: false, error: 'method_not_allowed' })
    return reply.code(404).send({ result: false, error: 'not_found' })
  })
}
