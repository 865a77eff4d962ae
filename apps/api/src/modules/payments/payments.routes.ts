import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { UserRequest } from '@exchange/shared/accounts.schemas'
import { FailureAnswer } from '@exchange/shared/answer'
import type { OrderStatus } from '@exchange/shared/order-rules'
import {
  ChangeWalletRequest,
  ExchangeUpdateOrderAnswer,
  RequestRefundRequest,
  SetWalletRequest,
} from '@exchange/shared/orders.schemas'
import {
  CompleteVibanAnswer,
  CompleteVibanRequest,
  PaymentStatusAnswer,
  PaymentStatusRequest,
  StartPayByBankAnswer,
  StartPayByBankRequest,
  GetVibanAnswer,
  LateDecisionRequest,
  type LateQuote,
  LateQuoteAnswer,
  LateQuoteRequest,
  StartCardAnswer,
  StartCardRequest,
  LpToBrokerRequest,
  SubmitVibanAnswer,
  SubmitVibanRequest,
  SubmitWireAnswer,
  SubmitWireRequest,
} from '@exchange/shared/payments.schemas'
import { sessionOf } from '../../plugins/session'
import { visitorOf } from '../../plugins/visitor'
import type { ZodApp } from '../../plugins/zod-app'
import type { HostedPaymentService } from './hosted-payments.service'
import type { PaymentService } from './payments.service'

/**
 * What these routes ask of money in and of fulfilment (the intake module's `createMoneyIn`). Declared here, not
 * imported: intake records payments through this module, and a module must not import back from one that imports it.
 */
export interface PaidOrderCalls {
  sendOwnOrderToBroker(customerId: string, reference: string): Promise<OrderStatus>
  giveWalletOfPaidOrder(customerId: string, reference: string, wallet: string): Promise<OrderStatus>
  chooseWalletOfWaitingOrder(customerId: string, reference: string, wallet: string): Promise<OrderStatus>
  refundWaitingOrderForCustomer(customerId: string, reference: string): Promise<OrderStatus>
  decideLatePayment(
    customerId: string,
    reference: string,
    decision: 'reprice' | 'refund',
    quotedRate?: string,
  ): Promise<OrderStatus>
  quoteLatePayment(customerId: string, reference: string): Promise<LateQuote>
}

const user = { tags: ['payments'], security: [{ bearer: [] }] }
const refusals = { 400: FailureAnswer, 401: FailureAnswer }

/** What the payment calls use: the bank-side and hosted payment services, and money in for paid orders. */
interface PaymentCalls {
  payments: PaymentService
  moneyIn: PaidOrderCalls
  hosted: HostedPaymentService
}

/** Bank-side payment calls of spec section 7. */
export function paymentUserRoutes(calls: PaymentCalls): FastifyPluginAsyncZod {
  return async (app) => {
    registerBankTransfers(app, calls)
    registerHostedPayments(app, calls)
    registerPaidOrderDelivery(app, calls)
    registerRefundAndLatePayment(app, calls)
    registerCompleteViban(app, calls)
  }
}

/** Paying by transfer: to the company's account for the chosen bank, or to the customer's virtual IBAN. */
function registerBankTransfers(app: ZodApp, calls: PaymentCalls) {
  app.post(
    '/orderSubmitWire',
    {
      schema: {
        ...user,
        summary: 'Pay this order by bank transfer from the chosen bank: answers the transfer details',
        body: SubmitWireRequest,
        response: { 200: SubmitWireAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      data: await calls.payments.submitWire(
        sessionOf(request).customerId,
        request.body.orderReference,
        request.body.tlId,
        visitorOf(request),
      ),
    }),
  )

  app.post(
    '/orderGetViban',
    {
      schema: {
        ...user,
        summary: "The customer's virtual IBAN (issued on first use; needs first and last name)",
        body: UserRequest,
        response: { 200: GetVibanAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      data: {
        ...(await calls.payments.virtualIbanFor(sessionOf(request).customerId, visitorOf(request))),
        fiats: calls.payments.virtualIbanFiats,
      },
    }),
  )

  app.post(
    '/orderSubmitViban',
    {
      schema: {
        ...user,
        summary: "Pay this order to the customer's virtual IBAN: answers what to send",
        body: SubmitVibanRequest,
        response: { 200: SubmitVibanAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      data: await calls.payments.submitViban(
        sessionOf(request).customerId,
        request.body.orderReference,
        visitorOf(request),
      ),
    }),
  )
}

/** Paying on another party's page: card checkout, pay-by-bank consent, and the status the return page reads. */
function registerHostedPayments(app: ZodApp, calls: PaymentCalls) {
  app.post(
    '/orderStartCard',
    {
      schema: {
        ...user,
        summary: "Start paying this order by card: answers the PSP's hosted checkout",
        body: StartCardRequest,
        response: { 200: StartCardAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      data: await calls.hosted.startCardPayment(
        sessionOf(request).customerId,
        request.body.orderReference,
        request.body.pspId,
        visitorOf(request),
      ),
    }),
  )

  app.post(
    '/orderStartPayByBank',
    {
      schema: {
        ...user,
        summary: "Pay this order from the customer's bank: answers the bank's consent page",
        body: StartPayByBankRequest,
        response: { 200: StartPayByBankAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      data: await calls.hosted.startPayByBank(
        sessionOf(request).customerId,
        request.body.orderReference,
        request.body.tlId,
        visitorOf(request),
      ),
    }),
  )

  app.post(
    '/orderPaymentStatus',
    {
      schema: {
        ...user,
        summary:
          "A card or pay-by-bank payment's status as the provider's signed notice set it (the return page reads this)",
        body: PaymentStatusRequest,
        response: { 200: PaymentStatusAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      data: await calls.hosted.paymentStatus(sessionOf(request).customerId, request.body.sessionId),
    }),
  )
}

/** A paid order on its way to the customer's wallet: sent to the liquidity provider, or given or changed wallet. */
function registerPaidOrderDelivery(app: ZodApp, calls: PaymentCalls) {
  app.post(
    '/orderLpToBroker',
    {
      schema: {
        ...user,
        summary: 'Send a paid order to the liquidity provider and deliver it (once)',
        body: LpToBrokerRequest,
        response: { 200: ExchangeUpdateOrderAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      statusName: await calls.moneyIn.sendOwnOrderToBroker(sessionOf(request).customerId, request.body.orderReference),
    }),
  )

  app.post(
    '/orderSetWallet',
    {
      schema: {
        ...user,
        summary: 'Give the wallet of a paid order that has none; delivery resumes',
        body: SetWalletRequest,
        response: { 200: ExchangeUpdateOrderAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      statusName: await calls.moneyIn.giveWalletOfPaidOrder(
        sessionOf(request).customerId,
        request.body.orderReference,
        request.body.wallet,
      ),
    }),
  )

  app.post(
    '/orderChangeWallet',
    {
      schema: {
        ...user,
        summary:
          'A paid order whose delivery waits goes to another wallet the customer proved for it; delivery resumes when nothing else is owed',
        body: ChangeWalletRequest,
        response: { 200: ExchangeUpdateOrderAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      statusName: await calls.moneyIn.chooseWalletOfWaitingOrder(
        sessionOf(request).customerId,
        request.body.orderReference,
        request.body.wallet,
      ),
    }),
  )
}

/** A paid order whose delivery waits refunded, and a payment that came after its price expired repriced or refunded. */
function registerRefundAndLatePayment(app: ZodApp, calls: PaymentCalls) {
  app.post(
    '/orderRequestRefund',
    {
      schema: {
        ...user,
        summary: 'A paid order whose delivery waits is refunded in full to where the money came from (once)',
        body: RequestRefundRequest,
        response: { 200: ExchangeUpdateOrderAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      statusName: await calls.moneyIn.refundWaitingOrderForCustomer(
        sessionOf(request).customerId,
        request.body.orderReference,
      ),
    }),
  )

  app.post(
    '/orderDecideLatePayment',
    {
      schema: {
        ...user,
        summary: 'For a payment that arrived after the price expired: buy at the current price, or refund',
        body: LateDecisionRequest,
        response: { 200: ExchangeUpdateOrderAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      statusName: await calls.moneyIn.decideLatePayment(
        sessionOf(request).customerId,
        request.body.orderReference,
        request.body.decision,
        request.body.quotedRate,
      ),
    }),
  )

  app.post(
    '/orderQuoteLatePayment',
    {
      schema: {
        ...user,
        summary: 'For a payment that arrived after the price expired: what each answer gives now (reads only)',
        body: LateQuoteRequest,
        response: { 200: LateQuoteAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      data: await calls.moneyIn.quoteLatePayment(sessionOf(request).customerId, request.body.orderReference),
    }),
  )
}

/** The customer says the transfer to the virtual IBAN is sent. */
function registerCompleteViban(app: ZodApp, calls: PaymentCalls) {
  app.post(
    '/orderCompleteViban',
    {
      schema: {
        ...user,
        summary: 'The customer says the transfer to the virtual IBAN is sent',
        body: CompleteVibanRequest,
        response: { 200: CompleteVibanAnswer, ...refusals },
      },
    },
    async (request) => {
      await calls.payments.completeViban(sessionOf(request).customerId, request.body.orderReference)
      return { result: true as const }
    },
  )
}
