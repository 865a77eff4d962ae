import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify'
import type { Config } from './config'
import { conveniencesAllowed, realParties } from './deployment'

const SHARED_DEPLOYMENT_BANNER = `<div role="alert" style="background:#b91c1c;color:#fff;padding:12px 16px;font-weight:700;font-size:18px">SANDBOX on a shared deployment (ALLOW_SANDBOX_IN_PRODUCTION): nothing here is real. No money moves; never enter a real card or bank login.</div>`

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value]

/**
 * In production (a shared demo or staging that allows sandboxes, decision 020), every route under /sandbox, whoever
 * registers it, asks for the operator credentials and shows a banner on its pages. Call before any sandbox route.
 */
export function guardSandboxPages(
  app: FastifyInstance,
  config: Config,
  requireOperator: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) {
  if (config.env !== 'production') return
  const addBanner: onSendHookHandler = async (_request, reply, payload) => {
    const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html')
    return html && typeof payload === 'string'
      ? payload.replace('<body>', `<body>${SHARED_DEPLOYMENT_BANNER}`)
      : payload
  }
  app.addHook('onRoute', (route) => {
    if (route.url !== '/sandbox' && !route.url.startsWith('/sandbox/')) return
    route.onRequest = [requireOperator as onRequestHookHandler, ...asArray(route.onRequest)]
    route.onSend = [...asArray(route.onSend), addBanner]
  })
}

/**
 * The development conveniences are decided by the configuration (decision 070), and a route is a door whoever opens it:
 * a start that registers a route under /test without the test controls, under /dev or /docs where the conveniences
 * may not run, or under /sandbox beside a real party stops. Call before any route.
 */
export function refuseConvenienceRoutes(app: FastifyInstance, config: Config) {
  const real = realParties(config).map((party) => party.name)
  const doors = [
    { prefix: '/test', open: config.testControls, why: 'the test controls are off (TEST_CONTROLS)' },
    {
      prefix: '/dev',
      open: conveniencesAllowed(config),
      why: 'the dev outbox runs only in development and tests with no real party',
    },
    { prefix: '/docs', open: config.apiDocs, why: 'the API documentation is off (API_DOCS)' },
    { prefix: '/sandbox', open: real.length === 0, why: `sandbox pages cannot run beside ${real.join(', ')}` },
  ]
  app.addHook('onRoute', (route) => {
    for (const { prefix, open, why } of doors)
      if (!open && (route.url === prefix || route.url.startsWith(`${prefix}/`))) throw new Error(`${route.url}: ${why}`)
  })
}
