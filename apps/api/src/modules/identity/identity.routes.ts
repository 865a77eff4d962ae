import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FailureAnswer } from '@exchange/shared/answer'
import {
  IdentityStartAnswer,
  IdentityStartRequest,
  IdentityStatusAnswer,
  IdentityStatusRequest,
} from '@exchange/shared/identity.schemas'
import type { Clock } from '../../clock'
import { AppError } from '../../errors'
import type { IdentityProvider } from '../../providers/identity/identity.provider'
import { sessionOf } from '../../plugins/session'
import type { IdentityService } from './identity.service'

const user = { tags: ['identity'], security: [{ bearer: [] }] }
const refusals = { 400: FailureAnswer, 401: FailureAnswer, 503: FailureAnswer }

/** `identityStart` (authstart → hostedauth) and `identityStatus` (returnauth, authend). */
export function identityUserRoutes({ identity }: { identity: IdentityService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/identityStart',
      {
        schema: {
          ...user,
          summary: "Start or resume the customer's identity check: answers the provider's hosted verification page",
          body: IdentityStartRequest,
          response: { 200: IdentityStartAnswer, ...refusals },
        },
      },
      async (request) => ({
        result: true as const,
        data: await identity.startCheck(sessionOf(request).customerId, Boolean(sessionOf(request).partnerSessionId)),
      }),
    )

    app.post(
      '/identityStatus',
      {
        schema: {
          ...user,
          summary:
            "The stored status of the customer's identity check (the return page reads this, never the redirect)",
          body: IdentityStatusRequest,
          response: { 200: IdentityStatusAnswer, ...refusals },
        },
      },
      async (request) => {
        const view = await identity.identityStatusOf(sessionOf(request).customerId)
        return {
          result: true as const,
          data: { status: view.status, message: view.message, updatedAt: view.updatedAt?.toISOString() ?? null },
        }
      },
    )
  }
}

/**
 * `POST /v1/webhooks/identity`: the identity provider's signed notices. The signature is checked over the raw body by
 * the provider's own scheme; a forged notice changes nothing (401); a genuine one is acted on once, and answered 2xx
 * only once its effect is stored.
 */
export function identityWebhookRoutes(deps: {
  identity: IdentityService
  provider: IdentityProvider
  clock: Clock
}): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      request.rawBody = body as string
      try {
        done(null, JSON.parse(body as string))
      } catch {
        done(new AppError('validation_failed', 400), undefined)
      }
    })

    app.post('/identity', { schema: { hide: true } }, async (request, reply) => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).flatMap(([name, value]) =>
          typeof value === 'string' ? [[name.toLowerCase(), value]] : [],
        ),
      )
      const notice = await deps.provider.verifyNotification({
        rawBody: request.rawBody ?? '',
        headers,
        path: request.url.split('?')[0] ?? '',
        nowSeconds: Math.floor(deps.clock.now().getTime() / 1000),
      })
      if (notice === undefined) {
        request.log.warn({ party: 'identity' }, 'identity notice with a bad signature refused')
        return reply.code(401).send({ result: false, error: 'unauthorized' })
      }
      if (notice === null) return { result: true, ignored: true }
      const { outcome } = await deps.identity.receiveNotice(notice)
      if (outcome === 'unknown_applicant')
        request.log.warn({ applicantId: notice.applicantId }, 'identity notice for an applicant we do not know')
      return { result: true, outcome, duplicate: outcome === 'duplicate' }
    })
  }
}
