import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../errors'
import {
  type OperatorAccountDeps,
  createOperator,
  disableOperator,
  listOperators,
  resetOperator,
  setRoles,
} from './operator-accounts'
import { operatorsPage, passwordShownOncePage } from './operators-page'

const Params = z.object({ operatorId: z.uuid() })
/** A checkbox ticked once arrives as text, several as a list, none not at all. */
const RolesField = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
const CreateForm = z.object({ loginName: z.string().max(200), roles: RolesField })
const RolesForm = z.object({ roles: RolesField })

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body)
const done = (reply: FastifyReply, message: string) =>
  reply.redirect(`/operator/operators?done=${encodeURIComponent(message)}`, 303)

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new AppError('validation_failed', 400)
  return parsed.data
}

const actorOf = (request: FastifyRequest) => ({ id: request.operatorAccount!.id, name: request.operator! })
const operatorIdOf = (request: FastifyRequest) => {
  const parsed = Params.safeParse(request.params)
  if (!parsed.success) throw new AppError('not_found', 404)
  return parsed.data.operatorId
}

/** The admins' page of operators (decision 127): list, create, roles, disable, a new password and second factor. */
export function registerOperatorPages(app: FastifyInstance, accounts: OperatorAccountDeps) {
  const list = async (request: FastifyRequest, extra: { error?: string } = {}) => {
    const query = request.query as { done?: unknown }
    const flash = typeof query.done === 'string' ? query.done.slice(0, 200) : undefined
    return operatorsPage(await listOperators(accounts), { operator: request.operator ?? '', flash, ...extra })
  }

  app.get('/operators', { schema: { hide: true } }, async (request, reply) => html(reply, await list(request)))

  app.post('/operators', { schema: { hide: true } }, async (request, reply) => {
    const form = parse(CreateForm, request.body)
    try {
      const made = await createOperator(accounts, actorOf(request), {
        loginName: form.loginName,
        roles: form.roles as never,
      })
      return html(
        reply,
        passwordShownOncePage(request.operator ?? '', made.loginName, made.password, 'Operator created.'),
      )
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'validation_failed' || !error.fields) throw error
      return html(reply, await list(request, { error: Object.values(error.fields).join('; ') }), 400)
    }
  })

  app.post('/operators/:operatorId/roles', { schema: { hide: true } }, async (request, reply) => {
    const operatorId = operatorIdOf(request)
    const form = parse(RolesForm, request.body)
    await setRoles(accounts, actorOf(request), operatorId, form.roles as never)
    return done(reply, 'Roles saved')
  })

  app.post('/operators/:operatorId/disable', { schema: { hide: true } }, async (request, reply) => {
    await disableOperator(accounts, actorOf(request), operatorIdOf(request))
    return done(reply, 'Operator disabled; their sessions have ended')
  })

  app.post('/operators/:operatorId/reset', { schema: { hide: true } }, async (request, reply) => {
    const reset = await resetOperator(accounts, actorOf(request), operatorIdOf(request))
    return html(
      reply,
      passwordShownOncePage(
        request.operator ?? '',
        reset.loginName,
        reset.password,
        'New password; the second factor is removed and their sessions have ended.',
      ),
    )
  })
}
