import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FailureAnswer, OkAnswer } from '@exchange/shared/answer'
import {
  ExchangeUpdateOrderAnswer,
  ExchangeUpdateOrderRequest,
  HistoryAnswer,
  HistoryRequest,
  OrderBuyGetMethodsAnswer,
  OrderDetailAnswer,
  OrderEmailCreatedRequest,
  OrderInitiateBuyAnswer,
  OrderInitiateBuyRequest,
  OrderRequest,
  SelectMethodAnswer,
  SelectMethodRequest,
} from '@exchange/shared/orders.schemas'
import { type AnswerOnce, KeyedCallHeaders } from '../request-keys/answer-once'
import { sessionOf } from '../../plugins/session'
import { visitorOf } from '../../plugins/visitor'
import type { InitiatedBuyOrder, OrderService } from './orders.service'
import type { ZodApp } from '../../plugins/zod-app'

const refusals = { 400: FailureAnswer, 401: FailureAnswer }
const user = { tags: ['orders'], security: [{ bearer: [] }] }

/** Signed-in order calls of spec section 7, plus history and the method choice. */
export function orderUserRoutes({
  orders,
  answerOnce,
}: {
  orders: OrderService
  /** `orderInitiateBuy` answers a retry sent with its Idempotency-Key with the first request's order (decision 092). */
  answerOnce: AnswerOnce
}): FastifyPluginAsyncZod {
  return async (app) => {
    registerBuyOrder(app, orders, answerOnce)
    registerPaymentMethod(app, orders)
    registerOrderReading(app, orders)
  }
}

/** Starting a buy order and changing its status. */
function registerBuyOrder(app: ZodApp, orders: OrderService, answerOnce: AnswerOnce) {
  app.post(
    '/orderInitiateBuy',
    {
      schema: {
        ...user,
        summary: 'Start a buy order at a fixed price; a retry with its Idempotency-Key answers the same order',
        headers: KeyedCallHeaders,
        body: OrderInitiateBuyRequest,
        response: { 200: OrderInitiateBuyAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { customerId, partnerSessionId } = sessionOf(request)
      const data = await answerOnce<InitiatedBuyOrder>(request, reply, customerId, (keyed) =>
        orders.initiateBuyOrder(customerId, request.body, visitorOf(request), keyed, partnerSessionId ?? undefined),
      )
      return { result: true as const, data }
    },
  )

  app.post(
    '/exchangeUpdateOrder',
    {
      schema: {
        ...user,
        summary: "Start, cancel or report a failed payment on one's own order",
        body: ExchangeUpdateOrderRequest,
        response: { 200: ExchangeUpdateOrderAnswer, ...refusals },
      },
    },
    async (request) => {
      const statusName = await orders.updateOrderStatusByCustomer(
        sessionOf(request).customerId,
        request.body.orderReference,
        request.body.statusName,
        visitorOf(request),
      )
      return { result: true as const, statusName }
    },
  )
}

/** The payment methods of an order and the one chosen. */
function registerPaymentMethod(app: ZodApp, orders: OrderService) {
  app.post(
    '/orderBuyGetMethods',
    {
      schema: {
        ...user,
        summary: 'Payment methods for this order by fiat, amount and country',
        body: OrderRequest,
        response: { 200: OrderBuyGetMethodsAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      ...(await orders.paymentMethodsFor(sessionOf(request).customerId, request.body.orderReference)),
    }),
  )

  app.post(
    '/orderSelectMethod',
    {
      schema: {
        ...user,
        summary: 'Keep the payment option chosen for this order',
        body: SelectMethodRequest,
        response: { 200: SelectMethodAnswer, ...refusals },
      },
    },
    async (request) => {
      const { orderReference, group, optionId } = request.body
      await orders.selectPaymentMethod(sessionOf(request).customerId, orderReference, group, optionId)
      return { result: true as const }
    },
  )
}

/** The customer's orders and one order's detail. */
function registerOrderReading(app: ZodApp, orders: OrderService) {
  app.post(
    '/getHistory',
    {
      schema: {
        ...user,
        summary: "The customer's orders, newest first, paged",
        body: HistoryRequest,
        response: { 200: HistoryAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      data: await orders.orderHistory(sessionOf(request).customerId, request.body),
    }),
  )

  app.post(
    '/getOrderDetail',
    {
      schema: {
        ...user,
        summary: 'One order with its timeline of events',
        body: OrderRequest,
        response: { 200: OrderDetailAnswer, ...refusals },
      },
    },
    async (request) => ({
      result: true as const,
      data: await orders.orderDetail(sessionOf(request).customerId, request.body.orderReference),
    }),
  )
}

/** `orderEmailCreated` (public, spec section 7): the api already mails on creation, so this only makes sure it went, once. */
export function orderPublicRoutes({ orders }: { orders: OrderService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/orderEmailCreated',
      {
        schema: {
          tags: ['orders'],
          summary: 'Make sure the order-created e-mail went out (at most once; content comes from the order)',
          body: OrderEmailCreatedRequest,
          response: { 200: OkAnswer, 400: FailureAnswer },
        },
      },
      async (request) => {
        await orders.sendCreatedMailOnce(request.body.emailData.orderReference)
        return { result: true as const }
      },
    )
  }
}
