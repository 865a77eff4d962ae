import { randomBytes } from 'node:crypto'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { z } from 'zod'
import type { Clock } from '../../clock'
import {
  SANDBOX_ESIGN_SIGNATURE_HEADER,
  type SandboxEsignNotice,
  type SandboxEsignProvider,
  sameName,
} from '../../providers/esign/sandbox-esign.provider'
import { signNotice } from '../../providers/signed-notice'
import { escapeHtml } from '../mail/mail.templates'
import { formRefused, parseForm, readForm, sandboxIdOf, sandboxPage } from './sandbox-pages'

const PARTY = 'Sandbox e-signature'

const SignForm = z.object({
  envelope: z.string(),
  action: z.enum(['sign', 'decline']),
  signedName: z
    .string()
    .max(200)
    .regex(/^[^\p{Cc}\p{Cf}]*$/u)
    .optional(),
})

const DOCUMENT_STYLE =
  'white-space:pre-wrap;max-height:50vh;overflow:auto;border:1px solid #ccc;padding:12px;background:#fafafa;font-size:14px;line-height:1.5'

/**
 * The sandbox e-signature provider's signing page: it shows the agreement, and the signer signs by typing their full
 * name, or declines. The outcome is sent to the exchange as a signed notice before the browser goes back to the
 * return page, which reads the stored status.
 */
export function sandboxEsignRoutes(deps: {
  provider: SandboxEsignProvider
  clock: Clock
  key: Buffer
  brandName: string
}): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, parseForm(body as string)),
    )

    async function envelopeOf(id: unknown) {
      const envelopeId = sandboxIdOf(id)
      return envelopeId === undefined ? undefined : deps.provider.findEnvelope(envelopeId)
    }

    const html = (reply: FastifyReply, code: number, title: string, body: string) =>
      reply
        .code(code)
        .type('text/html; charset=utf-8')
        .send(sandboxPage(PARTY, title, body))
    const notFound = (reply: FastifyReply) =>
      html(reply, 404, 'Envelope not found', '<p>This signing link does not exist.</p>')

    function signingPage(
      envelope: NonNullable<Awaited<ReturnType<typeof envelopeOf>>>,
      error?: string,
      typed = '',
    ): string {
      if (envelope.status !== 'sent')
        return `<div class="card"><p>This envelope is already ${envelope.status === 'completed' ? 'signed' : 'declined'}.</p></div>
<p><a href="${escapeHtml(envelope.returnUrl)}">Back to ${escapeHtml(deps.brandName)}</a></p>`
      return `
<div class="card"><p><strong>This is a test environment.</strong> Nothing is sent to a real e-signature provider and the
signature has no legal effect. Read the agreement of ${escapeHtml(deps.brandName)} (version
${escapeHtml(envelope.agreementVersion)}), then sign by typing the signer's full name,
<strong>${escapeHtml(envelope.signerName)}</strong>, or decline.</p></div>
<div class="card"><div tabindex="0" role="document" aria-label="Agreement" style="${DOCUMENT_STYLE}">${escapeHtml(envelope.documentText)}</div></div>
<form method="post" action="/sandbox/esign/sign" novalidate>
<input type="hidden" name="envelope" value="${escapeHtml(envelope.id)}">
<input type="hidden" name="action" value="sign">
<label for="signedName">Type your full name to sign</label>
<input id="signedName" name="signedName" autocomplete="name" value="${escapeHtml(typed)}"${error ? ' aria-invalid="true" aria-describedby="signedNameError"' : ''}>
${error ? `<p class="error" id="signedNameError" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Sign the agreement</button></form>
<form method="post" action="/sandbox/esign/sign">
<input type="hidden" name="envelope" value="${escapeHtml(envelope.id)}">
<input type="hidden" name="action" value="decline">
<button type="submit" class="secondary">Decline to sign</button></form>`
    }

    app.get('/sign', { schema: { hide: true } }, async (request, reply) => {
      const envelope = await envelopeOf((request.query as { envelope?: unknown }).envelope)
      if (!envelope) return notFound(reply)
      return html(reply, 200, 'Sign the customer agreement', signingPage(envelope))
    })

    app.post('/sign', { schema: { hide: true } }, async (request, reply) => {
      const body = readForm(SignForm, request.body)
      if (!body) return formRefused(reply, PARTY, 'Sign or decline from the signing page.')
      const envelope = await envelopeOf(body.envelope)
      if (!envelope) return notFound(reply)
      if (envelope.status !== 'sent') return html(reply, 409, 'Sign the customer agreement', signingPage(envelope))
      const action = body.action
      const typed = body.signedName ?? ''
      if (action === 'sign' && !sameName(typed, envelope.signerName))
        return html(
          reply,
          400,
          'Sign the customer agreement',
          signingPage(
            envelope,
            typed.trim() ? `The name must be ${envelope.signerName}.` : 'Type your full name to sign.',
            typed,
          ),
        )
      const recorded = await deps.provider.recordOutcome(
        envelope.id,
        action === 'sign'
          ? { status: 'completed', signedName: typed.trim(), signerIp: request.ip }
          : { status: 'declined', signerIp: request.ip },
      )
      if (recorded) {
        const notice: SandboxEsignNotice = {
          id: `evt_esign_${randomBytes(10).toString('hex')}`,
          type: action === 'sign' ? 'envelope.completed' : 'envelope.declined',
          createdAt: deps.clock.now().toISOString(),
          data: { envelopeId: envelope.id, signerIp: request.ip },
        }
        const payload = JSON.stringify(notice)
        await app.inject({
          method: 'POST',
          url: '/v1/webhooks/esign',
          headers: {
            'content-type': 'application/json',
            [SANDBOX_ESIGN_SIGNATURE_HEADER]: signNotice(
              deps.key,
              payload,
              Math.floor(deps.clock.now().getTime() / 1000),
            ),
          },
          payload,
        })
      }
      return reply.redirect(envelope.returnUrl || '/dashboard-returnagr', 303)
    })
  }
}
