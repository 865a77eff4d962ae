import type { FastifyPluginAsync } from 'fastify'
import type { Clock } from '../../clock'
import { AppError } from '../../errors'
import { BANK_SIGNATURE_HEADER, BankTransferNotification } from '../../providers/bank/bank-notification'
import type { OpenBankingProvider } from '../../providers/open-banking/open-banking.provider'
import type { CardPspProvider, PspEvent } from '../../providers/psp/card-psp.provider'
import { type IncomingNotice, verifyNoticeSignature } from '../../providers/signed-notice'
import type { SettlementService } from '../settlement/settlement.service'
import type { WebhookService } from './webhooks.service'


declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string
  }
}

export interface WebhookRoutesDeps {
  bankKey: Buffer
  psp: CardPspProvider
  openBanking: OpenBankingProvider
  clock: Clock
  webhooks: WebhookService
  settlement: SettlementService
}

/**
 * `POST /v1/webhooks/{party}`: signed notices from the bank partner, the card PSP and the open-banking provider. Signatures are checked over
 * the raw body; each notice is acted on once; an answer never says more than accepted or refused.
 */
export function webhookRoutes(deps: WebhookRoutesDeps): FastifyPluginAsync {
  const nowSeconds = () => Math.floor(deps.clock.now().getTime() / 1000)
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
      if (!verifyNoticeSignature(deps.bankKey, request.rawBody ?? '', typeof signature === 'string' ? signature : undefined, nowSeconds())) {
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

    /** A hosted payment party's notice: checked by the party's own scheme, then acted on once. */
    function hostedPaymentNotices(party: string, verifier: { readonly kind: string; verifyNotification(notice: IncomingNotice): Promise<PspEvent | null | undefined> }) {
      app.post(`/${party}`, { schema: { hide: true } }, async (request, reply) => {
        const headers = Object.fromEntries(Object.entries(request.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name.toLowerCase(), value]] : [])))
        const event = await verifier.verifyNotification({ rawBody: request.rawBody ?? '', headers, path: request.url.split('?')[0] ?? '', nowSeconds: nowSeconds() })
        if (event === undefined) {
          request.log.warn({ party }, 'notice with a bad signature refused')
          return reply.code(401).send({ result: false, error: 'unauthorized' })
        }
        // Genuine but nothing to act on (another event type): acknowledged so the party stops retrying.
        if (event === null) return { result: true, ignored: true }
        const { duplicate } = await deps.settlement.receiveHostedPaymentResult(`${party}-${verifier.kind}`, event)
        return { result: true, duplicate }
      })
    }

    hostedPaymentNotices('psp', deps.psp)
    hostedPaymentNotices('open-banking', deps.openBanking)
  }
}
