import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * Browser features the web app and the sandbox pages never use, denied to them and to anything injected into them.
 * The copy buttons need `clipboard-write`, which stays allowed for the page itself. A hosted identity check that needs
 * the camera will name its own origin here. Passkeys (decision 124) are allowed to the page itself and to no frame.
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'bluetooth',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .concat(['publickey-credentials-get=(self)', 'publickey-credentials-create=(self)'])
  .join(', ')

/** Helmet's headers (CSP, HSTS, frame, referrer and cross-origin policies…), as helmet writes them for `options`. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
  })
  return headers
}

/**
 * What an api answer (JSON under `/v1/`) carries instead of a page's headers, after OWASP's REST security cheat
 * sheet: never stored by a browser or proxy (customer data), never framed, never sniffed into another type, and
 * nothing allowed to load from it. A page's policies (scripts, styles, images, browser features) mean nothing here.
 */
export const API_HEADERS = Object.freeze({
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
})

/**
 * Every answer carries security headers: api answers `API_HEADERS`, everything else (the web app, its files, the
 * operator and sandbox pages, the docs) helmet's with `options` and the permissions policy. They depend on nothing in
 * the request but its path, so they are worked out once at start and each request copies one set; building helmet
 * and parsing its policy on every request (what @fastify/helmet does) was about a tenth of a cheap call's time, and
 * a page's kilobyte of headers on every api answer most of another tenth (decision 055).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const pageHeaders = Object.freeze({ ...helmetHeaders(options), 'permissions-policy': PERMISSIONS_POLICY })
  const openedByAFrame = Object.freeze({ ...pageHeaders, 'cross-origin-opener-policy': 'unsafe-none' })
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/v1/')) reply.headers(API_HEADERS)
    else reply.headers(KEEPS_ITS_OPENER.test(request.url) ? openedByAFrame : pageHeaders)
    done()
  })
}

/**
 * `/mp-continue` takes a visit over from the partner's frame that opened it (decision 123), so it must keep its opener:
 * a same-origin opener policy would cut it off, the opener sitting in the partner's page. It holds nothing until the
 * frame hands it the visit, to that window only.
 */
const KEEPS_ITS_OPENER = /^\/mp-continue\/?(?:\?|$)/i

/** The documents of a partner's visit (`/mp`, `/mp-…`, `/logoutmp`), which the partner's own pages may frame. */
const PARTNER_DOCUMENT = /^\/(?:mp(?:-[^/]*)?|logoutmp)\/?$/

/** The page policy with its `frame-ancestors` directive naming `origins` beside the page's own. */
function withFrameAncestors(policy: string, origins: string[]): string {
  const ancestors = `frame-ancestors 'self' ${origins.join(' ')}`
  const directives = policy.split(';').filter((directive) => !/^\s*frame-ancestors\b/.test(directive))
  return [...directives, ancestors].join(';')
}

/**
 * A partner's visit may be shown inside the partner's app (decision 114): the documents of `/mp`, `/mp-…` and
 * `/logoutmp` named for an active partner by `?partner=<slug>` may be framed by its registered embedding origins
 * (CSP `frame-ancestors`; X-Frame-Options, which cannot name an origin, is left off those documents). Any other
 * document, and these without a known partner, keep the page policy (`frame-ancestors 'self'`, `SAMEORIGIN`).
 */
export function allowPartnerFraming(app: FastifyInstance, embeddingOriginsOf: (slug: string) => Promise<string[]>) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return
    const [path = '', query = ''] = request.url.split('?')
    if (!PARTNER_DOCUMENT.test(path)) return
    const slug = new URLSearchParams(query).get('partner')
    if (!slug || !/^[a-z0-9-]{2,40}$/.test(slug)) return
    // The page is served whatever happens to the lookup: without it, with the page policy (framed by no partner).
    const origins = await embeddingOriginsOf(slug).catch((error: unknown) => {
      request.log.warn({ err: error }, "a partner's embedding origins could not be read")
      return []
    })
    if (origins.length === 0) return
    reply.header(
      'content-security-policy',
      withFrameAncestors(String(reply.getHeader('content-security-policy')), origins),
    )
    reply.removeHeader('x-frame-options')
  })
}
