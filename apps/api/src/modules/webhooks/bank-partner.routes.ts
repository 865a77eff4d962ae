import type { FastifyPluginAsync } from 'fastify'
import type { Clock } from '../../clock'
import { AppError } from '../../errors'
import { BANK_SIGNATURE_HEADER, BankTransferNotification, verifyBankSignature } from '../../providers/bank/bank-notification'
import type { SettlementService } from '../settlement/settlement.service'
import type { WebhookService } from './webhooks.service'

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string
  }
}

/**
 * `POST /v1/webhooks/bank-partner`: signed notices of incoming transfers. The signature is checked over the raw
 * body; each event id is acted on once; the answer never says more than accepted or refused.
 */
export function bankPartnerWebhookRoutes(deps: { key: Buffer; clock: Clock; webhooks: WebhookService; settlement: SettlementService }): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      request.rawBody = body as string
      try {
        done(null, JSON.parse(body as string))
      } catch {
        done(new AppError('validation_failed', 400), undefined)
      }
    })

    app.post('/bank-partner', { schema: { hide: true } }, async (request, reply) => {
      const signature = request.headers[BANK_SIGNATURE_HEADER]
      if (!verifyBankSignature(deps.key, request.rawBody ?? '', typeof signature === 'string' ? signature : undefined, Math.floor(deps.clock.now().getTime() / 1000))) {
        request.log.warn('bank notice with a bad signature refused')
        return reply.code(401).send({ result: false, error: 'unauthorized' })
      }
      const parsed = BankTransferNotification.safeParse(request.body)
      if (!parsed.success) return reply.code(400).send({ result: false, error: 'validation_failed' })
      const notice = parsed.data
      // Handling is idempotent by transfer id, so a retried or repeated notice changes nothing the second time.
      const { outcome } = await deps.settlement.receiveBankTransfer({ ...notice.data, receivedAt: new Date(notice.data.receivedAt) })
      const firstTime = await deps.webhooks.claimEvent('bank-partner', notice.eventId)
      return { result: true, outcome, duplicate: !firstTime }
    })
  }
}
