import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FailureAnswer } from '@exchange/shared/answer'
import {
  ListTicketsAnswer,
  ListTicketsRequest,
  OpenTicketRequest,
  ReplyTicketRequest,
  TicketAnswer,
  TicketRequest,
} from '@exchange/shared/support.schemas'
import { sessionOf } from '../../plugins/session'
import { visitorOf } from '../../plugins/visitor'
import type { SupportService } from './support.service'

const user = { tags: ['support'], security: [{ bearer: [] }] }
const refusals = { 400: FailureAnswer, 401: FailureAnswer, 404: FailureAnswer, 409: FailureAnswer, 429: FailureAnswer }

/** The customer's side of support (decision 122): open a ticket, read their tickets, answer in one. */
export function supportRoutes({ support }: { support: SupportService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/openTicket',
      {
        schema: {
          ...user,
          summary:
            'Open a support ticket: a topic, optionally one of your orders, a message and up to three files sent first with uploadFile (purpose support_attachment). Its number is e-mailed; a complaint is acknowledged with its due date.',
          body: OpenTicketRequest,
          response: { 200: TicketAnswer, ...refusals },
        },
      },
      async (request) => {
        const { brandName: _brandName, ...ticket } = request.body
        const customerId = sessionOf(request).customerId
        return { result: true as const, data: await support.openTicket(customerId, ticket, visitorOf(request)) }
      },
    )

    app.post(
      '/listTickets',
      {
        schema: {
          ...user,
          summary: 'Your support tickets with their status, the latest activity first',
          body: ListTicketsRequest,
          response: { 200: ListTicketsAnswer, 400: FailureAnswer, 401: FailureAnswer },
        },
      },
      async (request) => ({
        result: true as const,
        data: await support.customerTickets(sessionOf(request).customerId),
      }),
    )

    app.post(
      '/getTicket',
      {
        schema: {
          ...user,
          summary: "One of your tickets with its thread and files (another customer's answers as an unknown one)",
          body: TicketRequest,
          response: { 200: TicketAnswer, ...refusals },
        },
      },
      async (request) => ({
        result: true as const,
        data: await support.customerTicket(sessionOf(request).customerId, request.body.number),
      }),
    )

    app.post(
      '/replyTicket',
      {
        schema: {
          ...user,
          summary: 'Answer in one of your tickets; a closed ticket takes no more messages',
          body: ReplyTicketRequest,
          response: { 200: TicketAnswer, ...refusals },
        },
      },
      async (request) => ({
        result: true as const,
        data: await support.customerReply(sessionOf(request).customerId, request.body.number, request.body.message),
      }),
    )
  }
}
