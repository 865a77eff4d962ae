import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { UserRequest } from '@exchange/shared/accounts.schemas'
import { FailureAnswer } from '@exchange/shared/answer'
import { CompleteVibanAnswer, GetVibanAnswer, SubmitVibanAnswer, SubmitVibanRequest, SubmitWireAnswer, SubmitWireRequest } from '@exchange/shared/payments.schemas'
import { sessionOf } from '../../plugins/session'
import type { PaymentService } from './payments.service'

const user = { tags: ['payments'], security: [{ bearer: [] }] }
const refusals = { 400: FailureAnswer, 401: FailureAnswer }

/** Bank-side payment calls of spec section 7. */
export function paymentUserRoutes({ payments }: { payments: PaymentService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/orderSubmitWire', {
      schema: { ...user, summary: 'Pay this order by bank transfer from the chosen bank: answers the transfer details', body: SubmitWireRequest, response: { 200: SubmitWireAnswer, ...refusals } },
    }, async (request) => ({ result: true as const, data: await payments.submitWire(sessionOf(request).customerId, request.body.orderReference, request.body.tlId) }))

    app.post('/orderGetViban', {
      schema: { ...user, summary: "The customer's virtual IBAN (issued on first use; needs first and last name)", body: UserRequest, response: { 200: GetVibanAnswer, ...refusals } },
    }, async (request) => ({ result: true as const, data: await payments.virtualIbanFor(sessionOf(request).customerId) }))

    app.post('/orderSubmitViban', {
      schema: { ...user, summary: "Pay this order to the customer's virtual IBAN: answers what to send", body: SubmitVibanRequest, response: { 200: SubmitVibanAnswer, ...refusals } },
    }, async (request) => ({ result: true as const, data: await payments.submitViban(sessionOf(request).customerId, request.body.orderReference) }))

    app.post('/orderCompleteViban', {
      schema: { ...user, summary: 'The customer says the transfer to the virtual IBAN is sent', body: UserRequest, response: { 200: CompleteVibanAnswer, ...refusals } },
    }, async (request) => {
      await payments.completeViban(sessionOf(request).customerId)
      return { result: true as const }
    })
  }
}
