import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify'
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { Clock } from '../../clock'
import { escapeHtml } from '../../modules/mail/mail.templates'
import { acceptFormPosts } from '../../plugins/form-posts'
import { formRefused, readForm, sandboxIdOf, sendPage } from '../sandbox/pages'
import { signNotice } from '../signed-notice'
import {
  SANDBOX_IDV_OUTCOMES,
  SANDBOX_IDV_SIGNATURE_HEADER,
  SANDBOX_REJECTION_REASONS,
  SANDBOX_RESUBMISSION_REASONS,
  type SandboxIdentityProvider,
  type SandboxIdvApplicant,
  type SandboxIdvNotice,
  type SandboxIdvOutcome,
} from './sandbox-identity.provider'

const PARTY = 'Sandbox identity verification'

const NamePart = z.string().trim().min(1).max(100)

const VerifyForm = z.object({
  applicant: z.string(),
  outcome: z.enum(SANDBOX_IDV_OUTCOMES),
  reason: z.string().max(100).optional(),
  firstName: NamePart.optional(),
  lastName: NamePart.optional(),
})

/** Outcomes for which a document was read: the tester confirms the name printed on it. */
const DOCUMENT_READ: readonly SandboxIdvOutcome[] = ['approved', 'review']

const OUTCOME_LABELS: Record<SandboxIdvOutcome, string> = {
  approved: 'Approve the identity',
  rejected: 'Reject (final)',
  resubmission_requested: 'Ask to send again',
  review: 'Leave for manual review',
}

function options(reasons: Record<string, string>) {
  return Object.entries(reasons)
    .map(([code, text]) => `<option value="${escapeHtml(code)}">${escapeHtml(text)}</option>`)
    .join('')
}

/** What the hosted page needs: the provider's applicants, the clock, the notice key and the brand's name. */
interface IdvDeps {
  provider: SandboxIdentityProvider
  clock: Clock
  key: Buffer
  brandName: string
}

async function applicantOf(provider: SandboxIdentityProvider, id: unknown) {
  const applicantId = sandboxIdOf(id)
  return applicantId === undefined ? undefined : provider.findApplicant(applicantId)
}

function notFound(reply: FastifyReply) {
  return sendPage(reply, 404, PARTY, 'Verification not found', '<p>This verification link does not exist.</p>')
}

/**
 * The sandbox identity provider's hosted page: instead of reading a document and a selfie, the tester picks the
 * outcome. It is sent to the exchange as a signed notice before the browser goes back to the return page, which
 * reads the stored result.
 */
export function sandboxIdvRoutes(deps: IdvDeps): FastifyPluginAsync {
  return async (app) => {
    acceptFormPosts(app)
    registerVerifyPage(app, deps)
    registerVerify(app, deps)
  }
}

/** The page where the tester picks the result of the check. */
function registerVerifyPage(app: FastifyInstance, deps: IdvDeps) {
  app.get('/verify', { schema: { hide: true } }, async (request, reply) => {
    const applicant = await applicantOf(deps.provider, (request.query as { applicant?: unknown }).applicant)
    if (!applicant) return notFound(reply)
    // The name on the "document", prefilled with the name the exchange declared; the tester may change it to try
    // a document that names someone else.
    const documentName = (outcome: SandboxIdvOutcome) => `
<label for="${outcome}-firstName">First name(s) on the document</label>
<input id="${outcome}-firstName" name="firstName" required maxlength="100" autocomplete="off" value="${escapeHtml(applicant.declaredFirstName ?? '')}">
<label for="${outcome}-lastName">Last name on the document</label>
<input id="${outcome}-lastName" name="lastName" required maxlength="100" autocomplete="off" value="${escapeHtml(applicant.declaredLastName ?? '')}">`
    const form = (outcome: SandboxIdvOutcome, extra = '') => `
<form method="post" action="/sandbox/idv/verify">
<input type="hidden" name="applicant" value="${escapeHtml(applicant.id)}">
<input type="hidden" name="outcome" value="${outcome}">${extra}
<button type="submit"${outcome === 'approved' ? '' : ' class="secondary"'}>${OUTCOME_LABELS[outcome]}</button></form>`
    return sendPage(
      reply,
      200,
      PARTY,
      'Verify your identity',
      `
<div class="card"><p><strong>This is a test environment.</strong> No document or selfie is read and nothing is sent to a
real identity provider. Pick the result the check should have for <strong>${escapeHtml(applicant.email)}</strong> at
${escapeHtml(deps.brandName)}. An approval or a review also says whose name the document shows: the name given in the
details is filled in; another name tries a document of someone else.</p></div>
${form('approved', documentName('approved'))}
${form('rejected', `<label for="rejectReason">Reason</label><select id="rejectReason" name="reason">${options(SANDBOX_REJECTION_REASONS)}</select>`)}
${form('resubmission_requested', `<label for="retryReason">What must be sent again</label><select id="retryReason" name="reason">${options(SANDBOX_RESUBMISSION_REASONS)}</select>`)}
${form('review', documentName('review'))}`,
    )
  })
}

/** The result picked: recorded, sent to the exchange as a notice, then the way back. */
function registerVerify(app: FastifyInstance, deps: IdvDeps) {
  app.post('/verify', { schema: { hide: true } }, async (request, reply) => {
    const body = readForm(VerifyForm, request.body)
    if (!body) return formRefused(reply, PARTY, 'Pick a result on the verification page.')
    const applicant = await applicantOf(deps.provider, body.applicant)
    if (!applicant) return notFound(reply)
    const outcome = body.outcome
    const reasons: Record<string, string> =
      outcome === 'rejected'
        ? SANDBOX_REJECTION_REASONS
        : outcome === 'resubmission_requested'
          ? SANDBOX_RESUBMISSION_REASONS
          : {}
    // A reason is one of the page's own, and only where the result asks for one.
    if (body.reason !== undefined && !Object.hasOwn(reasons, body.reason))
      return formRefused(reply, PARTY, 'Pick one of the reasons the page offers.')
    const reason = body.reason ?? Object.keys(reasons)[0]
    // A document was read only for these outcomes, and then its name is part of the result: the one typed, else
    // the one the page offered (the name the exchange declared).
    const readsDocument = DOCUMENT_READ.includes(outcome)
    const typed = body.firstName !== undefined || body.lastName !== undefined
    if (!readsDocument && typed) return formRefused(reply, PARTY, 'A name is given only when the document was read.')
    const firstName = body.firstName ?? applicant.declaredFirstName
    const lastName = body.lastName ?? applicant.declaredLastName
    if (readsDocument && !(firstName && lastName))
      return formRefused(reply, PARTY, 'Enter the first and last name printed on the document.')
    const documentName = readsDocument ? { firstName: firstName!, lastName: lastName! } : null
    await deps.provider.recordOutcome(applicant.id, outcome, documentName)
    await sendNotice(app, deps, applicant, outcome, reason, reasons)
    return reply.redirect(applicant.returnUrl, 303)
  })
}

/** The result's notice to the exchange, signed as the provider signs it. */
async function sendNotice(
  app: FastifyInstance,
  deps: IdvDeps,
  applicant: SandboxIdvApplicant,
  outcome: SandboxIdvOutcome,
  reason: string | undefined,
  reasons: Record<string, string>,
): Promise<void> {
  const notice: SandboxIdvNotice = {
    id: `evt_idv_${randomBytes(10).toString('hex')}`,
    type: 'applicant.reviewed',
    createdAt: deps.clock.now().toISOString(),
    data: {
      applicantId: applicant.id,
      externalUserId: applicant.externalUserId,
      outcome,
      reasons: reason ? [reason] : [],
      ...(reason && { message: reasons[reason] }),
    },
  }
  const payload = JSON.stringify(notice)
  await app.inject({
    method: 'POST',
    url: '/v1/webhooks/identity',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_IDV_SIGNATURE_HEADER]: signNotice(deps.key, payload, Math.floor(deps.clock.now().getTime() / 1000)),
    },
    payload,
  })
}
