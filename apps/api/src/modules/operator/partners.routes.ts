import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../errors'
import type { OperatorService } from './operator.service'
import {
  BLANK_PARTNER,
  type PostedForm,
  formValuesOf,
  inputErrorsOf,
  keyInputOf,
  partnerInputOf,
  partnerValuesOf,
  postedFormOf,
} from './partner-form'
import { partnerPage, partnersListPage, shownOncePage } from './partners-page'

type Params = { partnerId: string; keyId?: string }

/** The fields a refusal named, as the form's inputs name them; anything else is not the form's to show. */
function refusedFields(error: unknown): Record<string, string> {
  if (error instanceof AppError && error.code === 'validation_failed') return inputErrorsOf(error.fields ?? {})
  throw error
}

const formOf = (request: FastifyRequest) => postedFormOf(request.body)
/** What the operator typed, to show again beside a refusal: only the fields that are text. */
const typedOf = (request: FastifyRequest) =>
  formValuesOf(
    Object.fromEntries(
      Object.entries((request.body ?? {}) as Record<string, unknown>).filter(([, value]) => typeof value === 'string'),
    ) as PostedForm,
  )
const done = (reply: FastifyReply, path: string, message: string) =>
  reply.redirect(`${path}?done=${encodeURIComponent(message)}`, 303)

/**
 * Every partner page answers `no-store`: the pages that show a new key or secret must never be kept by the browser, and
 * the others hold the partners' settings.
 */
function html(reply: FastifyReply, body: string, status = 200) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body)
}

/** The partners: registered, changed, activated or disabled, their keys issued and revoked, their secrets rotated. */
export function registerPartnerPages(app: FastifyInstance, operators: OperatorService) {
  const detail = async (request: FastifyRequest, partnerId: string, extra: object = {}) => {
    const { partner, keys } = await operators.partnerDetail(partnerId)
    const flash = (request.query as { done?: string }).done
    return partnerPage(partner, keys, {
      operator: request.operator ?? '',
      flash,
      values: partnerValuesOf(partner),
      ...extra,
    })
  }

  app.get('/partners', { schema: { hide: true } }, async (request, reply) => {
    const state = { operator: request.operator ?? '', flash: (request.query as { done?: string }).done }
    return html(reply, partnersListPage(await operators.partnerSummaries(), { ...state, values: BLANK_PARTNER }))
  })

  app.post('/partners', { schema: { hide: true } }, async (request, reply) => {
    try {
      const partner = await operators.registerPartner(request.operator!, partnerInputOf(formOf(request), true))
      return done(reply, `/operator/partners/${partner.id}`, `Partner ${partner.slug} registered`)
    } catch (error) {
      const errors = refusedFields(error)
      const state = { operator: request.operator ?? '', values: typedOf(request), errors }
      return html(reply, partnersListPage(await operators.partnerSummaries(), state), 400)
    }
  })

  app.get('/partners/:partnerId', { schema: { hide: true } }, async (request, reply) =>
    html(reply, await detail(request, (request.params as Params).partnerId)),
  )

  app.post('/partners/:partnerId', { schema: { hide: true } }, async (request, reply) => {
    const { partnerId } = request.params as Params
    try {
      await operators.changePartner(request.operator!, partnerId, partnerInputOf(formOf(request), false))
      return done(reply, `/operator/partners/${partnerId}`, 'Settings saved')
    } catch (error) {
      const errors = refusedFields(error)
      return html(reply, await detail(request, partnerId, { values: typedOf(request), errors }), 400)
    }
  })

  app.post('/partners/:partnerId/status', { schema: { hide: true } }, async (request, reply) => {
    const { partnerId } = request.params as Params
    const status = z.enum(['active', 'disabled']).safeParse(formOf(request).status)
    if (!status.success) throw new AppError('validation_failed', 400)
    await operators.changePartner(request.operator!, partnerId, { status: status.data })
    return done(reply, `/operator/partners/${partnerId}`, status.data === 'active' ? 'Activated' : 'Disabled')
  })

  registerSecretPages(app, operators, detail)
}

/** Keys and signing secrets: a new one is shown on its answer page once, never again. */
function registerSecretPages(
  app: FastifyInstance,
  operators: OperatorService,
  detail: (request: FastifyRequest, partnerId: string, extra?: object) => Promise<string>,
) {
  app.post('/partners/:partnerId/keys', { schema: { hide: true } }, async (request, reply) => {
    const { partnerId } = request.params as Params
    try {
      const issued = await operators.issuePartnerKey(request.operator!, partnerId, keyInputOf(formOf(request)))
      const note = `Key id ${issued.keyId}. The partner's server sends it as its API key; revoke it here when it is replaced.`
      return html(reply, shownOncePage(request.operator ?? '', issued.partner, 'New API key', issued.key, note))
    } catch (error) {
      return html(reply, await detail(request, partnerId, { keyErrors: refusedFields(error) }), 400)
    }
  })

  app.post('/partners/:partnerId/keys/:keyId/revoke', { schema: { hide: true } }, async (request, reply) => {
    const { partnerId, keyId } = request.params as Params
    const revoked = await operators.revokePartnerKey(request.operator!, partnerId, keyId!)
    return done(reply, `/operator/partners/${partnerId}`, revoked ? `Key ${keyId} revoked` : `Key ${keyId} was revoked`)
  })

  app.post('/partners/:partnerId/signing-secret', { schema: { hide: true } }, async (request, reply) => {
    const { partnerId } = request.params as Params
    const endOldNow = formOf(request).endOldNow !== undefined
    const rotated = await operators.rotatePartnerSecret(request.operator!, partnerId, endOldNow)
    const note =
      rotated.overlapHours === 0
        ? 'The old secret no longer signs: the partner must take this one now.'
        : `The old secret keeps signing for ${rotated.overlapHours} hours beside this one.`
    return html(
      reply,
      shownOncePage(request.operator ?? '', rotated.partner, 'New signing secret', rotated.secret, note),
    )
  })
}
