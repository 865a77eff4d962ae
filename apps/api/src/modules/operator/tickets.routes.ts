import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { SupportMessage, TicketNumber } from '@exchange/shared/support.schemas'
import { AppError } from '../../errors'
import { attachment } from '../documents/documents.routes'
import { parse } from './operator-input'
import type { OperatorService } from './operator.service'
import { TICKET_FILTERS, type TicketFilter, ticketPage, ticketsListPage } from './tickets-page'

const TicketParams = z.object({ number: TicketNumber })
const AttachmentParams = TicketParams.extend({ documentId: z.uuid() })
const Reply = z.object({ message: SupportMessage })
/** The note of what was just done, shown once. */
const Done = z.string().max(200).optional()
const ListQuery = z.object({ status: z.enum(TICKET_FILTERS).optional(), done: Done })
const PageQuery = z.object({ done: Done })

/** Unknown ticket numbers and malformed ones answer alike. */
const ticketOf = (params: unknown) => {
  const parsed = TicketParams.safeParse(params)
  if (!parsed.success) throw new AppError('not_found', 404)
  return parsed.data.number
}

const html = (reply: FastifyReply, body: string) =>
  reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body)
const done = (reply: FastifyReply, number: string, message: string) =>
  reply.redirect(`/operator/tickets/${number}?done=${encodeURIComponent(message)}`, 303)

/** The support tickets in the operator view (decision 122): the list, a ticket, an answer, closing, its files. */
export function registerTicketPages(app: FastifyInstance, operators: OperatorService) {
  const now = operators.now
  app.get('/tickets', { schema: { hide: true } }, async (request, reply) => {
    const query = parse(ListQuery, request.query)
    const filter: TicketFilter = query.status ?? 'active'
    const tickets = await operators.tickets(filter)
    return html(
      reply,
      ticketsListPage(tickets, { operator: request.operator ?? '', filter, now: now(), flash: query.done }),
    )
  })

  app.get('/tickets/:number', { schema: { hide: true } }, async (request, reply) => {
    const number = ticketOf(request.params)
    const flash = parse(PageQuery, request.query).done
    const ticket = await operators.ticket(number)
    return html(reply, ticketPage(ticket, { operator: request.operator ?? '', now: now(), flash }))
  })

  app.post('/tickets/:number/reply', { schema: { hide: true } }, async (request, reply) => {
    const number = ticketOf(request.params)
    const { message } = parse(Reply, request.body)
    await operators.replyToTicket(request.operator!, number, message)
    return done(reply, number, 'Answer sent; the customer is e-mailed')
  })

  app.post('/tickets/:number/close', { schema: { hide: true } }, async (request, reply) => {
    const number = ticketOf(request.params)
    await operators.closeTicket(request.operator!, number)
    return done(reply, number, 'Ticket closed; the customer is e-mailed')
  })

  app.get('/tickets/:number/attachments/:documentId', { schema: { hide: true } }, async (request, reply) => {
    const site = request.headers['sec-fetch-site']
    if (typeof site === 'string' && site !== 'same-origin' && site !== 'none')
      return reply.code(403).send({ result: false, error: 'forbidden' })
    const parsed = AttachmentParams.safeParse(request.params)
    if (!parsed.success) throw new AppError('not_found', 404)
    const file = await operators.downloadTicketAttachment(request.operator!, parsed.data.number, parsed.data.documentId)
    return reply
      .header('content-type', file.mediaType)
      .header('content-disposition', attachment(file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.bytes)
  })
}
