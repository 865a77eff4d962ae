import cookie from '@fastify/cookie'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { UserRequest } from '@exchange/shared/accounts.schemas'
import { FailureAnswer } from '@exchange/shared/answer'
import {
  MpLoginAnswer,
  MpLoginRequest,
  MpOgReturnAnswer,
  MpOgReturnRequest,
  MpSessionAnswer,
} from '@exchange/shared/partner.schemas'
import type { RateLimits } from '../../plugins/rate-limits'
import { sessionOf } from '../../plugins/session'
import { TRUSTED_DEVICE_COOKIE, originOf, rememberDevice } from '../accounts/accounts.routes'
import { type PartnerReturnDeps, returnToPartner } from './partner-return'
import { type PartnerVisitDeps, claimVisit, codeStep, passwordStep, visitContext } from './partner-visits'

/** What the partner's way in refuses with: a bad request, an ended visit, a refused link, too many calls. */
const refusals = {
  400: FailureAnswer,
  403: FailureAnswer,
  404: FailureAnswer,
  409: FailureAnswer,
  410: FailureAnswer,
  413: FailureAnswer,
  429: FailureAnswer,
}

/**
 * The customer's way in and out of a partner's visit (decisions 112, 114), as `POST /v1/public/mplogin` and
 * `POST /v1/public/mpOgReturn`. Limited per client address like the other public calls.
 */
export function partnerEntryRoutes({
  visits,
  returns,
  limits,
  publicUrlIsHttps,
}: {
  visits: PartnerVisitDeps
  returns: PartnerReturnDeps
  limits: RateLimits
  publicUrlIsHttps: boolean
}): FastifyPluginAsyncZod {
  return async (app) => {
    // The trusted-device cookie of /login: a browser that has it skips the code here too.
    await app.register(cookie)
    app.post(
      '/mplogin',
      {
        config: { rateLimit: limits.perIp },
        schema: {
          tags: ['partner visit'],
          summary: "Claim a partner's link (once), then sign in through its visit: password, then the e-mailed code",
          body: MpLoginRequest,
          response: { 200: MpLoginAnswer, ...refusals },
        },
      },
      async (request, reply) => {
        const body = request.body
        if (body.step === 'claim') return { result: true as const, data: await claimVisit(visits, body, request.ip) }
        if (body.step === 'password') {
          const outcome = await passwordStep(
            visits,
            body,
            originOf(request),
            request.cookies[TRUSTED_DEVICE_COOKIE],
            request.headers['accept-language'],
          )
          if (outcome.kind === 'code_required')
            return { result: true as const, code: true as const, retryAfterSeconds: outcome.retryAfterSeconds }
          if (outcome.kind === 'second_factor')
            return { result: true as const, secondFactor: { ticket: outcome.ticket, methods: outcome.methods } }
          return { result: true as const, data: { token: outcome.token } }
        }
        const verified = await codeStep(visits, body, originOf(request))
        rememberDevice(reply, request, verified.deviceToken, publicUrlIsHttps)
        if (verified.secondFactor) {
          const { ticket, methods } = verified.secondFactor
          return { result: true as const, secondFactor: { ticket, methods } }
        }
        return { result: true as const, data: { token: verified.token } }
      },
    )
    app.post(
      '/mpOgReturn',
      {
        config: { rateLimit: limits.perIp },
        schema: {
          tags: ['partner visit'],
          summary: "End the partner's visit (its sessions signed out) and answer the partner's signed return address",
          body: MpOgReturnRequest,
          response: { 200: MpOgReturnAnswer, ...refusals },
        },
      },
      async (request) => ({ result: true as const, data: await returnToPartner(returns, request.body.entry) }),
    )
  }
}

/** `POST /v1/user/mpSession`: the partner's context of a session its visit started. */
export function partnerSessionRoutes({ visits }: { visits: Pick<PartnerVisitDeps, 'db'> }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/mpSession',
      {
        schema: {
          tags: ['partner visit'],
          security: [{ bearer: [] }],
          summary: "The partner's face, prefill and locks of a session a partner's visit started",
          body: UserRequest,
          response: { 200: MpSessionAnswer, 401: FailureAnswer, 404: FailureAnswer },
        },
      },
      async (request) => ({
        result: true as const,
        data: await visitContext(visits, sessionOf(request).partnerSessionId),
      }),
    )
  }
}
