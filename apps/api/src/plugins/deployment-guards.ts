import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify'
import type { Config } from '../config'

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
 * The test controls (moving the server clock) exist in tests and development only (decision 043): a production start
 * that registers a route under /test fails, whatever registered it. Call before any /test route.
 */
export function refuseTestRoutesInProduction(app: FastifyInstance, config: Config) {
  if (config.env !== 'production') return
  app.addHook('onRoute', (route) => {
    if (route.url === '/test' || route.url.startsWith('/test/'))
      throw new Error(`${route.url}: test controls are registered with NODE_ENV=test only`)
  })
}
