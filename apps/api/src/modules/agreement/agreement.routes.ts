import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AgreementStatusAnswer,
  AgreementStatusRequest,
  DownloadAgreementQuery,
  StartDocusignAnswer,
  StartDocusignRequest,
} from '@exchange/shared/agreement.schemas'
import { FailureAnswer } from '@exchange/shared/answer'
import type { Clock } from '../../clock'
import { sessionOf } from '../../plugins/session'
import type { ESignatureProvider } from '../../providers/esign/esign.provider'
import { incomingNoticeOf, keepRawJsonBodies } from '../webhooks/webhooks.routes'
import type { AgreementService } from './agreement.service'

const user = { tags: ['agreement'], security: [{ bearer: [] }] }
const refusals = { 400: FailureAnswer, 401: FailureAnswer, 503: FailureAnswer }

/** `startDocusign` (agr1 → the provider's signing page), `agreementStatus` (returnagr, account) and the download. */
export function agreementUserRoutes({ agreement }: { agreement: AgreementService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/startDocusign',
      {
        schema: {
          ...user,
          summary:
            'Start or resume the signature of the customer agreement in force, in `language` (each language’s text is its own version): answers the e-signature provider’s signing page',
          body: StartDocusignRequest,
          response: { 200: StartDocusignAnswer, ...refusals },
        },
      },
      async (request) => ({
        result: true as const,
        data: await agreement.startSigning(sessionOf(request).customerId, {
          orderReference: request.body.orderReference,
          signerName: request.body.signerName,
          ip: request.ip,
          inPartnerVisit: Boolean(sessionOf(request).partnerSessionId),
          language: request.body.language,
        }),
      }),
    )

    app.post(
      '/agreementStatus',
      {
        schema: {
          ...user,
          summary:
            'Whether the agreement in force is signed (in any language), the latest signing request and every signed agreement with its language (the return page reads this, never the redirect)',
          body: AgreementStatusRequest,
          response: { 200: AgreementStatusAnswer, ...refusals },
        },
      },
      async (request) => ({
        result: true as const,
        data: await agreement.statusOf(sessionOf(request).customerId, request.body.language),
      }),
    )

    app.get(
      '/downloadAgreement',
      {
        schema: {
          ...user,
          summary: 'One of the customer’s own signed agreements, as the e-signature provider completed it',
          // The answer is the document's bytes; refusals are the usual { result: false, error }.
          querystring: DownloadAgreementQuery,
        },
      },
      async (request, reply) => {
        const file = await agreement.readSigned(sessionOf(request).customerId, request.query.id)
        return reply
          .header('content-type', file.mediaType === 'text/plain' ? 'text/plain; charset=utf-8' : file.mediaType)
          .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\x20-\x7e"]/g, '_')}"`)
          .header('cache-control', 'private, no-store')
          .send(file.bytes)
      },
    )
  }
}

/**
 * `POST /v1/webhooks/esign`: the e-signature provider's signed notices (the sandbox's, or DocuSign Connect's with its
 * HMAC). A forged notice changes nothing (401); a genuine one is acted on once, and answered 2xx only once its effect
 * is stored.
 */
export function agreementWebhookRoutes(deps: {
  agreement: AgreementService
  provider: ESignatureProvider
  clock: Clock
}): FastifyPluginAsync {
  return async (app) => {
    keepRawJsonBodies(app)

    app.post('/esign', { schema: { hide: true } }, async (request, reply) => {
      const notice = await deps.provider.verifyNotification(incomingNoticeOf(request, deps.clock))
      if (notice === undefined) {
        request.log.warn({ party: 'esign' }, 'e-signature notice with a bad signature refused')
        return reply.code(401).send({ result: false, error: 'unauthorized' })
      }
      if (notice === null) return { result: true, ignored: true }
      const { outcome } = await deps.agreement.receiveNotice(notice)
      if (outcome === 'unknown_envelope')
        request.log.warn({ envelopeId: notice.envelopeId }, 'e-signature notice for an envelope we do not know')
      return { result: true, outcome, duplicate: outcome === 'duplicate' }
    })
  }
}
