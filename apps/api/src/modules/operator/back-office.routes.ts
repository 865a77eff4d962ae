import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import {
  AuditExportQuerySchema,
  type OperatorMe,
  SearchQuerySchema,
  ViewReasonSchema,
} from '@exchange/shared/back-office.schemas'
import { OrderReference } from '@exchange/shared/orders.schemas'
import { AppError } from '../../errors'
import { attachment } from '../documents/documents.routes'
import { parse } from './operator-input'
import type { OperatorService } from './operator.service'

/** Text the database can store: PostgreSQL's text takes no NUL character. */
const storable = (text: string) => !text.includes('\u0000')
const ViewQuery = z.object({ reason: ViewReasonSchema.refine(storable) })
const Search = SearchQuerySchema.extend({ q: SearchQuerySchema.shape.q.refine(storable) })
const CustomerParams = z.object({ customerId: z.uuid() })
const OrderParams = z.object({ reference: OrderReference })
/** The trail of a customer or of an order: exactly one of the two. */
const TrailQuery = z.union([
  z.object({ customerId: z.uuid() }).strict(),
  z.object({ orderReference: OrderReference }).strict(),
])

/** The React app's page in the web build (apps/web, `back-office.html`). */
const APP_PAGE = 'back-office.html'

/** A path parameter that cannot name anything answers like an unknown one. */
function pathOf<T extends z.ZodType>(schema: T, params: unknown): z.infer<T> {
  const parsed = schema.safeParse(params)
  if (!parsed.success) throw new AppError('not_found', 404)
  return parsed.data
}

/** Answers with customers' personal data are never kept by the browser or a proxy. */
const json = (reply: FastifyReply, body: unknown) => reply.header('cache-control', 'no-store').send(body)

/**
 * The back office's api (decision 133) under `/operator/api/`, read by the operators' React app: who is signed in,
 * the queues of their roles, the search, a customer's and an order's file (each view logged with the reason asked
 * for), the trail, and the auditor's CSV export. Each route is opened to its roles by `OPERATOR_ACTIONS`.
 */
export function registerBackOfficeApi(app: FastifyInstance, operators: OperatorService) {
  app.get('/api/me', { schema: { hide: true } }, async (request, reply) => {
    const { name, roles } = request.operatorAccount!
    return json(reply, { loginName: name, roles: [...roles] } satisfies OperatorMe)
  })

  app.get('/api/queues', { schema: { hide: true } }, async (request, reply) =>
    json(reply, { queues: await operators.queues(request.operatorAccount!.roles) }),
  )

  app.get('/api/search', { schema: { hide: true } }, async (request, reply) => {
    const { q } = parse(Search, request.query)
    return json(reply, await operators.search(request.operatorAccount!, q))
  })

  app.get('/api/customers/:customerId', { schema: { hide: true } }, async (request, reply) => {
    const { reason } = parse(ViewQuery, request.query)
    const { customerId } = pathOf(CustomerParams, request.params)
    return json(reply, await operators.customerFile(request.operatorAccount!, customerId, reason))
  })

  app.get('/api/orders/:reference', { schema: { hide: true } }, async (request, reply) => {
    const { reason } = parse(ViewQuery, request.query)
    const { reference } = pathOf(OrderParams, request.params)
    return json(reply, await operators.orderFile(request.operatorAccount!, reference, reason))
  })

  app.get('/api/trail', { schema: { hide: true } }, async (request, reply) => {
    const about = parse(TrailQuery, request.query)
    return json(reply, { entries: await operators.trail(about) })
  })

  app.get('/api/audit.csv', { schema: { hide: true } }, async (request, reply) => {
    const range = parse(AuditExportQuerySchema, request.query)
    const csv = await operators.auditExport(request.operatorAccount!, range)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment(`audit-trail-${range.from}-to-${range.to}.csv`))
      .header('cache-control', 'no-store')
      .send(csv)
  })
}

/**
 * The operators' React app (decision 133): `/operator/app` and every path under it answer the web build's
 * `back-office.html`, to a signed-in operator only (the operator hooks send anyone else to the sign-in). Without a
 * web build the page is missing, and an operator is told so.
 */
export function registerBackOfficeApp(app: FastifyInstance, webDist: string) {
  const page = join(webDist, APP_PAGE)
  const serve = async (_request: unknown, reply: FastifyReply) => {
    if (!existsSync(page))
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The back office app is not built on this server (npm run build). The operator pages work without it.')
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await readFile(page))
  }
  app.get('/app', { schema: { hide: true } }, serve)
  app.get('/app/*', { schema: { hide: true } }, serve)
}
