import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Clock } from '../../clock'
import { AppError } from '../../errors'
import {
  type BankPartnerProvider,
  UnreadableBankNotice,
  type VerifiedBankNotice,
} from '../../providers/bank/bank-partner.provider'
import type { OpenBankingProvider } from '../../providers/open-banking/open-banking.provider'
import type { CardPspProvider, PspEvent } from '../../providers/psp/card-psp.provider'
import type { IncomingNotice } from '../../providers/signed-notice'
import type { MoneyIn } from '../intake/money-in'

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string
  }
}

export interface WebhookRoutesDeps {
  bank: BankPartnerProvider
  psp: CardPspProvider
  openBanking: OpenBankingProvider
  clock: Clock
  /** Payment intake: notices are stored, then decided once (the intake module). */
  moneyIn: Pick<MoneyIn, 'receiveBankTransfer' | 'receiveHostedPaymentResult'>
}

/** A notice as its provider's signature check needs it: the raw body, the headers in lower case, the path, the time. */
export function incomingNoticeOf(request: FastifyRequest, clock: Clock): IncomingNotice {
  const headers = Object.fromEntries(
    Object.entries(request.headers).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name.toLowerCase(), value]] : [],
    ),
  )
  return {
    rawBody: request.rawBody ?? '',
    headers,
    path: request.url.split('?')[0] ?? '',
    nowSeconds: Math.floor(clock.now().getTime() / 1000),
  }
}

/** JSON bodies of this scope are kept raw as well (`request.rawBody`): signatures are checked over the bytes sent. */
export function keepRawJsonBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string
    try {
      done(null, JSON.parse(body as string))
    } catch {
      done(new AppError('validation_failed', 400), undefined)
    }
  })
}

/**
 * `POST /v1/webhooks/{party}`: signed notices from the bank partner, the card PSP and the open-banking provider. Signatures are checked over
 * the raw body; each notice is acted on once; an answer never says more than accepted or refused.
 */
export function webhookRoutes(deps: WebhookRoutesDeps): FastifyPluginAsync {
  const incomingNotice = (request: FastifyRequest) => incomingNoticeOf(request, deps.clock)
  return async (app) => {
    keepRawJsonBodies(app)

    app.post('/bank-partner', { schema: { hide: true } }, async (request, reply) => {
      let verified: VerifiedBankNotice | undefined
      try {
        verified = await deps.bank.verifyNotification(incomingNotice(request))
      } catch (error) {
        if (!(error instanceof UnreadableBankNotice)) throw error
        // Genuinely signed but not what the adapter understands: refused, so the bank retries while someone looks.
        request.log.error({ problems: error.problems }, 'signed bank notice could not be read')
        return reply.code(400).send({ result: false, error: 'validation_failed' })
      }
      if (!verified) {
        request.log.warn('bank notice with a bad signature refused')
        return reply.code(401).send({ result: false, error: 'unauthorized' })
      }
      let answer: object = { result: true, ignored: true }
      if (verified.transfer) {
        // Idempotent by the bank's transfer id: a retried or repeated notice changes nothing the second time.
        const { outcome, duplicate } = await deps.moneyIn.receiveBankTransfer(verified.transfer)
        answer = { result: true, outcome, duplicate }
      } else {
        request.log.info({ reason: verified.ignoredBecause }, 'bank notice acknowledged with nothing to do')
      }
      // Some banks want their own signed acknowledgement instead of our answer.
      if (verified.acknowledgement)
        return reply
          .code(200)
          .headers(verified.acknowledgement.headers)
          .type('application/json')
          .send(verified.acknowledgement.body)
      return answer
    })

    /** A hosted payment party's notice: checked by the party's own scheme, then acted on once. */
    function hostedPaymentNotices(
      party: string,
      verifier: {
        readonly kind: string
        verifyNotification(notice: IncomingNotice): Promise<PspEvent | null | undefined>
      },
    ) {
      app.post(`/${party}`, { schema: { hide: true } }, async (request, reply) => {
        const event = await verifier.verifyNotification(incomingNotice(request))
        if (event === undefined) {
          request.log.warn({ party }, 'notice with a bad signature refused')
          return reply.code(401).send({ result: false, error: 'unauthorized' })
        }
        // Genuine but nothing to act on (another event type): acknowledged so the party stops retrying.
        if (event === null) return { result: true, ignored: true }
        const { duplicate } = await deps.moneyIn.receiveHostedPaymentResult(`${party}-${verifier.kind}`, event)
        return { result: true, duplicate }
      })
    }

    hostedPaymentNotices('psp', deps.psp)
    hostedPaymentNotices('open-banking', deps.openBanking)
  }
}
