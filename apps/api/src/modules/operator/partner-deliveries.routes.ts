import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../errors'
import type { PartnerDeliveries } from './partner-deliveries'
import { partnerDeliveriesPage } from './partner-deliveries.page'

const PartnerParams = z.object({ partnerId: z.uuid() })
const EventParams = PartnerParams.extend({ eventId: z.uuid() })
const LogQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  done: z.string().max(200).optional(),
})

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new AppError('not_found', 404)
  return parsed.data
}

/** Form posts come back to the partner's log with a note; a script's JSON gets JSON. */
function respond(
  request: FastifyRequest,
  reply: FastifyReply,
  partnerId: string,
  message: string,
  data: Record<string, unknown> = {},
) {
  if ((request.headers['content-type'] ?? '').includes('application/json')) return reply.send({ result: true, ...data })
  return reply.redirect(`/operator/partners/${partnerId}/deliveries?done=${encodeURIComponent(message)}`, 303)
}

/** What the try of "send again" got, in the operator's words. */
const tryWords = (outcome: { statusCode?: number; error?: string }) =>
  outcome.statusCode === undefined ? `no answer (${outcome.error})` : `answered ${outcome.statusCode}`

/**
 * A partner's notices for an operator (decision 115): the log with each try, "send again", "send a test event" and
 * "turn notices on again". Registered inside the operator routes: their sign-in and their check of form posts apply.
 */
export function registerPartnerDeliveries(app: FastifyInstance, deliveries: PartnerDeliveries) {
  app.get('/partners/:partnerId/deliveries', { schema: { hide: true } }, async (request, reply) => {
    const { partnerId } = parse(PartnerParams, request.params)
    const query = LogQuery.safeParse(request.query)
    if (!query.success) throw new AppError('validation_failed', 400)
    const log = await deliveries.deliveryLog(partnerId, { before: query.data.before })
    return reply
      .type('text/html; charset=utf-8')
      .send(partnerDeliveriesPage(log, request.operator ?? '', query.data.done))
  })

  app.post(
    '/partners/:partnerId/deliveries/:eventId/send-again',
    { schema: { hide: true } },
    async (request, reply) => {
      const { partnerId, eventId } = parse(EventParams, request.params)
      const outcome = await deliveries.sendAgain(request.operator!, partnerId, eventId)
      return respond(request, reply, partnerId, `Sent again: ${tryWords(outcome)}`, { ...outcome })
    },
  )

  app.post('/partners/:partnerId/deliveries/test', { schema: { hide: true } }, async (request, reply) => {
    const { partnerId } = parse(PartnerParams, request.params)
    const { eventId } = await deliveries.sendTestEvent(request.operator!, partnerId)
    return respond(request, reply, partnerId, 'Test event queued: it goes out within seconds', { eventId })
  })

  app.post('/partners/:partnerId/deliveries/enable', { schema: { hide: true } }, async (request, reply) => {
    const { partnerId } = parse(PartnerParams, request.params)
    await deliveries.enableWebhook(request.operator!, partnerId)
    return respond(request, reply, partnerId, 'Notices turned on again: those held are sent in order')
  })
}
