import { randomBytes } from 'node:crypto'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { CryptoCurrency } from '@exchange/shared/currencies'
import { Email } from '@exchange/shared/validators'
import { AppError } from '../../errors'
import { acceptFormPosts } from '../../plugins/form-posts'
import { formRefused, readForm } from '../../providers/sandbox/pages'
import type { PartnerTestPage } from './partner-test-page'
import { partnerFramePage, partnerReturnPage, partnerTestPage, partnerTestPageProblem } from './partner-test-page.html'

const PARTY = 'Test partner'

/**
 * The page's form, as posted: an e-mail, and what the partner sets in the order (empty: not set). Values the partner
 * api would check again are refused here when no person would type them, so a malformed post opens nothing.
 */
const WayInForm = z
  .object({
    email: Email,
    amount: z.union([z.literal(''), z.string().regex(/^\d{1,9}(\.\d{1,2})?$/)]).default(''),
    coin: z.union([z.literal(''), CryptoCurrency]).default(''),
    wallet: z.union([z.literal(''), z.string().regex(/^[A-Za-z0-9:._-]{1,128}$/)]).default(''),
    partnerOrderId: z.union([z.literal(''), z.string().regex(/^[!-~]{1,64}$/)]).default(''),
    locked: z.literal('on').optional(),
  })
  .strict()

const FrameQuery = z.object({ url: z.string().max(2048) })

/** The page the framed link's page policy lets run one inline script and use the camera and payments it delegates. */
function framePolicy(nonce: string): Record<string, string> {
  return {
    'content-security-policy': `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-src 'self'; frame-ancestors 'self'; base-uri 'self'; form-action 'self'; object-src 'none'`,
    'permissions-policy': 'camera=(self), payment=(self), microphone=(), geolocation=()',
  }
}

/**
 * The test partner's page under /dev/partner (decision 118): it plays a partner's server and pages against this
 * app, over HTTP, with a key and a secret held in memory. Registered only where the dev outbox is.
 */
export function partnerTestPageRoutes({
  page,
  publicUrl,
}: {
  page: PartnerTestPage
  publicUrl: string
}): FastifyPluginAsync {
  /** The app's public address: PUBLIC_URL, else the address this request came to. */
  const baseOf = (request: FastifyRequest) => (publicUrl || `${request.protocol}://${request.host}`).replace(/\/$/, '')

  return async (app) => {
    acceptFormPosts(app)
    // A notice is verified over the bytes sent: the body reaches the route as the raw string.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body))

    const showPage = async (request: FastifyRequest, outcome?: Parameters<typeof partnerTestPage>[1]) => {
      const partners = await page.heldPartners(baseOf(request)).catch((error: unknown) => {
        if (error instanceof AppError) return error
        throw error
      })
      if (partners instanceof AppError)
        return partnerTestPageProblem(
          `The test partner cannot be registered for ${baseOf(request)}: ${partners.code} ${JSON.stringify(partners.fields ?? {})}`,
        )
      return partnerTestPage(partners, outcome, page.notices())
    }

    app.get('/', { schema: { hide: true } }, async (request, reply) =>
      reply.type('text/html; charset=utf-8').send(await showPage(request)),
    )

    app.post('/sessions', { schema: { hide: true } }, async (request, reply) => {
      const form = readForm(WayInForm, request.body)
      if (!form) return formRefused(reply, PARTY, 'This is not the form of the test partner page.')
      const base = baseOf(request)
      await page.heldPartners(base)
      const outcome = await page.openWayIn(base, { ...form, locked: form.locked === 'on' }, request.ip)
      return reply.type('text/html; charset=utf-8').send(await showPage(request, outcome))
    })

    app.get('/frame', { schema: { hide: true } }, async (request, reply) => {
      const query = FrameQuery.safeParse(request.query)
      const base = new URL(baseOf(request))
      const url = query.success && URL.canParse(query.data.url) ? new URL(query.data.url) : undefined
      if (!url || url.origin !== base.origin || url.pathname !== '/mp')
        return formRefused(reply, PARTY, 'The frame shows a way in of this exchange only (an address of its /mp).')
      const nonce = randomBytes(16).toString('base64')
      return reply
        .headers(framePolicy(nonce))
        .type('text/html; charset=utf-8')
        .send(partnerFramePage(url.toString(), base.origin, nonce))
    })

    app.get('/return', { schema: { hide: true } }, async (request, reply) => {
      const check = await page.checkReturn(`${baseOf(request)}${request.url}`)
      // As a partner's page would: what does not verify is refused, and the page says why.
      return reply
        .code(check.verified ? 200 : 400)
        .type('text/html; charset=utf-8')
        .send(partnerReturnPage(check))
    })

    app.post('/webhooks', { schema: { hide: true } }, async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : ''
      const headers = Object.fromEntries(
        Object.entries(request.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
      )
      const notice = await page.receiveNotice(rawBody, headers)
      // 400, not 2xx: the exchange tries the notice again; the page lists why it was refused.
      if (!notice.verified) return reply.code(400).send({ result: false, error: 'unauthorized' })
      return reply.code(204).send()
    })
  }
}
