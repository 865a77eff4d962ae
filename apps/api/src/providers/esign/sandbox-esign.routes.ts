import * as WEB_PATHS from '@exchange/shared/web-paths'
import { acceptFormPosts } from '../../plugins/form-posts'
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify'
import { z } from 'zod'
import type { Clock } from '../../clock'
import {
  SANDBOX_ESIGN_SIGNATURE_HEADER,
  type SandboxEsignEnvelope,
  type SandboxEsignNotice,
  type SandboxEsignProvider,
  sameName,
} from './sandbox-esign.provider'
import { signNotice } from '../signed-notice'
import { escapeHtml } from '../../modules/mail/mail.templates'
import { formRefused, readForm, sandboxIdOf, sandboxPage } from '../sandbox/pages'

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

/** What the signing page needs: the provider's envelopes, the clock, the notice key and the brand's name. */
interface EsignDeps {
  provider: SandboxEsignProvider
  clock: Clock
  key: Buffer
  brandName: string
}

async function envelopeOf(provider: SandboxEsignProvider, id: unknown) {
  const envelopeId = sandboxIdOf(id)
  return envelopeId === undefined ? undefined : provider.findEnvelope(envelopeId)
}

function html(reply: FastifyReply, code: number, title: string, body: string) {
  return reply
    .code(code)
    .type('text/html; charset=utf-8')
    .send(sandboxPage(PARTY, title, body))
}

function notFound(reply: FastifyReply) {
  return html(reply, 404, 'Envelope not found', '<p>This signing link does not exist.</p>')
}

function signingPage(envelope: SandboxEsignEnvelope, brandName: string, error?: string, typed = ''): string {
  if (envelope.status !== 'sent')
    return `<div class="card"><p>This envelope is already ${envelope.status === 'completed' ? 'signed' : 'declined'}.</p></div>
<p><a href="${escapeHtml(envelope.returnUrl)}">Back to ${escapeHtml(brandName)}</a></p>`
  return `
<div class="card"><p><strong>This is a test environment.</strong> Nothing is sent to a real e-signature provider and the
signature has no legal effect. Read the agreement of ${escapeHtml(brandName)} (version
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

/**
 * The outcome's notice to the exchange, the same every time it is sent for an envelope (its id, its time): a
 * notice sent again after a repeated submission is one the exchange has already taken, and is recorded once.
 */
async function sendNotice(app: FastifyInstance, deps: EsignDeps, envelope: SandboxEsignEnvelope): Promise<void> {
  const notice: SandboxEsignNotice = {
    id: `evt_esign_${envelope.id}_${envelope.status}`,
    type: envelope.status === 'completed' ? 'envelope.completed' : 'envelope.declined',
    createdAt: (envelope.completedAt ?? deps.clock.now()).toISOString(),
    data: { envelopeId: envelope.id, ...(envelope.signerIp && { signerIp: envelope.signerIp }) },
  }
  const payload = JSON.stringify(notice)
  await app.inject({
    method: 'POST',
    url: '/v1/webhooks/esign',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_ESIGN_SIGNATURE_HEADER]: signNotice(deps.key, payload, Math.floor(deps.clock.now().getTime() / 1000)),
    },
    payload,
  })
}

/**
 * The sandbox e-signature provider's signing page: it shows the agreement, and the signer signs by typing their full
 * name, or declines. The outcome is sent to the exchange as a signed notice before the browser goes back to the
 * return page, which reads the stored status.
 */
export function sandboxEsignRoutes(deps: EsignDeps): FastifyPluginAsync {
  return async (app) => {
    acceptFormPosts(app)
    registerSigningPage(app, deps)
    registerSigning(app, deps)
  }
}

/** The page that shows the agreement and its two forms. */
function registerSigningPage(app: FastifyInstance, deps: EsignDeps) {
  app.get('/sign', { schema: { hide: true } }, async (request, reply) => {
    const envelope = await envelopeOf(deps.provider, (request.query as { envelope?: unknown }).envelope)
    if (!envelope) return notFound(reply)
    return html(reply, 200, 'Sign the customer agreement', signingPage(envelope, deps.brandName))
  })
}

/** Signing or declining: recorded once, then the notice and the way back. */
function registerSigning(app: FastifyInstance, deps: EsignDeps) {
  app.post('/sign', { schema: { hide: true } }, async (request, reply) => {
    const body = readForm(SignForm, request.body)
    if (!body) return formRefused(reply, PARTY, 'Sign or decline from the signing page.')
    const envelope = await envelopeOf(deps.provider, body.envelope)
    if (!envelope) return notFound(reply)
    const wanted = body.action === 'sign' ? 'completed' : 'declined'
    const typed = body.signedName ?? ''
    const sameAnswer = (decided: SandboxEsignEnvelope) =>
      decided.status === wanted && (wanted === 'declined' || sameName(typed, decided.signerName))
    if (envelope.status === 'sent') {
      if (wanted === 'completed' && !sameName(typed, envelope.signerName))
        return html(
          reply,
          400,
          'Sign the customer agreement',
          signingPage(
            envelope,
            deps.brandName,
            typed.trim() ? `The name must be ${envelope.signerName}.` : 'Type your full name to sign.',
            typed,
          ),
        )
      // Recorded once: a submission at the same moment elsewhere finds the envelope decided, as a retry does.
      await deps.provider.recordOutcome(
        envelope.id,
        wanted === 'completed'
          ? { status: 'completed', signedName: typed.trim(), signerIp: request.ip }
          : { status: 'declined', signerIp: request.ip },
      )
    }
    const decided = (await deps.provider.findEnvelope(envelope.id)) ?? envelope
    // A different answer to a decided envelope is refused. The same answer again (a browser's retry after no
    // answer came, a second click) is answered as the first was, like a hosted signing page that redirects again:
    // the notice goes again (in case the first never arrived) and the signer goes back.
    if (!sameAnswer(decided))
      return html(reply, 409, 'Sign the customer agreement', signingPage(decided, deps.brandName))
    await sendNotice(app, deps, decided)
    return reply.redirect(decided.returnUrl || WEB_PATHS.returnAgreement, 303)
  })
}
