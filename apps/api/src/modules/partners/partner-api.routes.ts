import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FailureAnswer } from '@exchange/shared/answer'
import {
  PartnerOrderAnswer,
  PartnerOrderParams,
  PartnerOrdersAnswer,
  PartnerOrdersQuery,
  PartnerSessionAnswer,
  PartnerSessionRequest,
} from '@exchange/shared/partner-api.schemas'
import type { RateLimits } from '../../plugins/rate-limits'
import { partnerCallerOf } from './partner-api-auth'
import type { PartnerApiService } from './partner-api.service'

const partner = { tags: ['partner'], security: [{ partnerKey: [] }] }
const refusals = { 400: FailureAnswer, 401: FailureAnswer, 429: FailureAnswer, 503: FailureAnswer }
const keyIdOf = (request: FastifyRequest) => partnerCallerOf(request).keyId

/** The calls of a partner's server, under /v1/partner, each with the partner's API key (decision 113). */
export function partnerApiRoutes(deps: {
  api: PartnerApiService
  requireKey: (request: FastifyRequest) => Promise<void>
  limits: RateLimits
  perMinute: { sessionsPerMinute: number; readsPerMinute: number }
}): FastifyPluginAsyncZod {
  const { api, requireKey, limits, perMinute } = deps
  return async (app) => {
    // Counted per key once the key is known: one partner's burst never uses up another's budget.
    const opening = [requireKey, limits.perCaller('partner-sessions', perMinute.sessionsPerMinute, keyIdOf)]
    const reading = [requireKey, limits.perCaller('partner-reads', perMinute.readsPerMinute, keyIdOf)]

    app.post(
      '/sessions',
      {
        onRequest: opening,
        schema: {
          ...partner,
          summary: "Open a single-use way in (five minutes) for one of the partner's customers",
          body: PartnerSessionRequest,
          response: { 201: PartnerSessionAnswer, ...refusals },
        },
      },
      async (request, reply) => {
        const { partner: caller, keyId } = partnerCallerOf(request)
        const calledAt = `${request.protocol}://${request.host}`
        const data = await api.openPartnerSession(caller, keyId, request.body, calledAt)
        return reply.code(201).send({ result: true as const, data })
      },
    )

    app.get(
      '/orders/:reference',
      {
        onRequest: reading,
        schema: {
          ...partner,
          summary: "One of the partner's orders, by the exchange's reference",
          params: PartnerOrderParams,
          response: { 200: PartnerOrderAnswer, 404: FailureAnswer, ...refusals },
        },
      },
      async (request) => ({
        result: true as const,
        data: await api.partnerOrder(partnerCallerOf(request).partner.id, request.params.reference),
      }),
    )

    app.get(
      '/orders',
      {
        onRequest: reading,
        schema: {
          ...partner,
          summary: "The partner's orders, newest first, a page at a time; or those of one partnerOrderId",
          querystring: PartnerOrdersQuery,
          response: { 200: PartnerOrdersAnswer, ...refusals },
        },
      },
      async (request) => ({
        result: true as const,
        data: await api.partnerOrders(partnerCallerOf(request).partner.id, request.query),
      }),
    )
  }
}
