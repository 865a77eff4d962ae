import { acceptFormPosts } from '../../plugins/form-posts'
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { isValidIban, normalizeIban } from '@exchange/shared/iban'
import { FiatAmountString } from '@exchange/shared/money'
import { OrderReference } from '@exchange/shared/orders.schemas'
import { OPERATOR_REFUSALS as REFUSALS } from '@exchange/shared/operator-refusals'
import { AppError } from '../../errors'
import { attachment } from '../documents/documents.routes'
import { registerBackOfficeApi, registerBackOfficeApp } from './back-office.routes'
import { operatorPage, refusalPage } from './operator.page'
import type { OperatorService } from './operator.service'
import { registerPartnerPages } from './partners.routes'
import type { PartnerDeliveries } from './partner-deliveries'
import { registerPartnerDeliveries } from './partner-deliveries.routes'
import { type ErrorGroups, registerErrorLogPage } from './error-log.page'
import { registerTicketPages } from './tickets.routes'
import { sentFromOwnPage } from './own-page'
import type { OperatorAccountDeps } from './operator-accounts'
import { parse } from './operator-input'
import { requireRole } from './operator-roles'
import type { OperatorSessions } from './operator-sessions'
import { registerOperatorPages } from './operators.routes'

/** Why an operator sends money back: e-mailed to the customer as written. */
const Reason = z.string().trim().min(3).max(200)
const TransferAction = z.object({ transferId: z.uuid() })
const RefundTransfer = TransferAction.extend({ reason: Reason })
/** A release of a held payment is asked for with a reason, for the second operator who approves it (decision 132). */
const ReleaseTransfer = RefundTransfer
/** A four-eyes decision: the request, and why it is approved or declined. */
const FourEyesRequestId = z.object({ requestId: z.uuid() })
const FourEyesDecision = z.object({ reason: Reason })
const OrderAction = z.object({ orderReference: OrderReference })
const EnhancedChecksDecision = z.object({ customerId: z.uuid(), reason: Reason })
/** What the operator read in a proof of address (decision 091): kept with the decision. */
const ProofOfAddressDecision = z.object({ documentId: z.uuid(), reason: Reason })
/** A rejected identity check names why (the customer is told it); an approval may say why. */
const ApproveIdentity = z.object({
  customerId: z.uuid(),
  reason: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || value.length >= 3, 'at least 3 characters'),
})
const RejectIdentity = z.object({ customerId: z.uuid(), reason: Reason })
/** A file of a customer not under review opens only with a stated reason, which is logged (decision 042). */
const DocumentDownload = z.object({ reason: z.string().trim().min(10).max(200).optional() })

const RefundOrder = OrderAction.extend({ reason: Reason })
const RecordDelivery = OrderAction.extend({
  txId: z
    .string()
    .trim()
    .min(8)
    .max(200)
    .regex(/^[\w:.-]+$/, 'a transaction id'),
})
const MarkWire = OrderAction.extend({
  amount: FiatAmountString,
  payerName: z.string().trim().min(1).max(140),
  payerIban: z.string().transform(normalizeIban).refine(isValidIban, 'Not a valid IBAN'),
  /** The bank's own id of the transfer, from the statement: the bank's later notice of it is then a repeat. */
  bankTransferId: z
    .string()
    .trim()
    .max(120)
    .regex(/^[\w:.-]*$/, 'a transfer id')
    .optional()
    .transform((value) => value || undefined),
})

/** What the operator view needs: the service, the operators' accounts and the session check. */
interface OperatorDeps {
  operators: OperatorService
  accounts: OperatorAccountDeps
  sessions: OperatorSessions
  /** A partner's notices (decision 115). */
  partnerDeliveries: PartnerDeliveries
  /** The web's latest errors, grouped (decision 120). */
  errorGroups: ErrorGroups
  /** The web build's folder, which holds the operators' React app page (decision 133). */
  webDist: string
}

/** What the operator who asked for a four-eyes action reads (decision 132). */
const ASKED =
  'Asked: a second operator of the role approves or declines it (listed under "Waiting for a second operator")'

/** Form posts come back to the page with a note; JSON posts get JSON. */
function respond(request: FastifyRequest, reply: FastifyReply, message: string, data: Record<string, unknown> = {}) {
  if ((request.headers['content-type'] ?? '').includes('application/json')) return reply.send({ result: true, ...data })
  return reply.redirect(`/operator?done=${encodeURIComponent(message)}`, 303)
}

/**
 * The operator view: open to a signed-in operator (second factor done), never to a customer's login, each route to
 * the roles `OPERATOR_ACTIONS` names (decision 127).
 */
export function operatorRoutes(deps: OperatorDeps): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.sessions.requireOperator)
    app.addHook('onRequest', requireRole)
    acceptFormPosts(app)
    // The session cookie is SameSite=Strict; still, as with any cookie, an action is taken only when it comes from this
    // host's own pages (or from a script's JSON).
    app.addHook('preHandler', async (request, reply) => {
      if (request.method !== 'POST' || sentFromOwnPage(request)) return
      request.log.warn(
        { operator: request.operator, origin: request.headers.origin, site: request.headers['sec-fetch-site'] },
        'operator action from another site refused',
      )
      return reply.code(403).send({ result: false, error: 'forbidden' })
    })

    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      const flash = (request.query as { done?: string }).done
      return reply
        .type('text/html; charset=utf-8')
        .send(operatorPage(await deps.operators.overview(), request.operatorAccount!, flash))
    })

    app.post('/logout', { schema: { hide: true } }, async (request, reply) => {
      await deps.sessions.end(reply, request, request.operatorSessionId)
      request.log.info({ operator: request.operator }, 'operator signed out')
      return reply.redirect('/operator/login', 303)
    })

    showRefusals(app)
    registerPaymentActions(app, deps)
    registerReviewActions(app, deps)
    registerFourEyes(app, deps)
    registerDocumentDownload(app, deps)
    registerWireReceived(app, deps)
    registerPartnerPages(app, deps.operators)
    registerPartnerDeliveries(app, deps.partnerDeliveries)
    registerErrorLogPage(app, deps.errorGroups)
    registerTicketPages(app, deps.operators)
    registerOperatorPages(app, deps.accounts)
    registerBackOfficeApi(app, deps.operators)
    registerBackOfficeApp(app, deps.webDist)
  }
}

/** A refused form action shows the operator a sentence and the way back; a script's JSON gets the usual answer. */
function showRefusals(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
    const sentence = error instanceof AppError ? REFUSALS[error.code] : undefined
    if (!isForm || !sentence) throw error
    return reply
      .code(error instanceof AppError ? error.statusCode : 400)
      .type('text/html; charset=utf-8')
      .send(refusalPage(sentence))
  })
}

/** Held payments, refunds, and withdrawals the exchange did not confirm. */
function registerPaymentActions(app: FastifyInstance, deps: OperatorDeps) {
  app.post('/actions/approve-transfer', { schema: { hide: true } }, async (request, reply) => {
    const { transferId, reason } = parse(ReleaseTransfer, request.body)
    const requestId = await deps.operators.requestTransferRelease(request.operatorAccount!, transferId, reason)
    return respond(request, reply, ASKED, { requestId })
  })

  app.post('/actions/refund-transfer', { schema: { hide: true } }, async (request, reply) => {
    const { transferId, reason } = parse(RefundTransfer, request.body)
    const { requestId } = await deps.operators.refundTransfer(request.operatorAccount!, transferId, reason)
    return respond(request, reply, requestId ? ASKED : 'Refund recorded', requestId ? { requestId } : {})
  })

  app.post('/actions/refund-order', { schema: { hide: true } }, async (request, reply) => {
    const { orderReference, reason } = parse(RefundOrder, request.body)
    const { requestId } = await deps.operators.refundOrder(request.operatorAccount!, orderReference, reason)
    return respond(
      request,
      reply,
      requestId ? ASKED : `Order ${orderReference} refunded`,
      requestId ? { requestId } : {},
    )
  })

  app.post('/actions/record-delivery', { schema: { hide: true } }, async (request, reply) => {
    const { orderReference, txId } = parse(RecordDelivery, request.body)
    const statusName = await deps.operators.recordDelivery(request.operator!, orderReference, txId)
    return respond(request, reply, `Delivery of ${orderReference} recorded; order is ${statusName}`, { statusName })
  })

  app.post('/actions/retry-withdrawal', { schema: { hide: true } }, async (request, reply) => {
    const { orderReference } = parse(OrderAction, request.body)
    const statusName = await deps.operators.retryWithdrawal(request.operator!, orderReference)
    return respond(request, reply, `Withdrawal of ${orderReference} sent again; order is ${statusName}`, {
      statusName,
    })
  })
}

/** Decisions on customers under review: enhanced checks, proofs of address and identity checks. */
function registerReviewActions(app: FastifyInstance, deps: OperatorDeps) {
  for (const decision of ['approved', 'rejected'] as const) {
    const verb = decision === 'approved' ? 'approve' : 'reject'
    app.post(`/actions/${verb}-enhanced-checks`, { schema: { hide: true } }, async (request, reply) => {
      const { customerId, reason } = parse(EnhancedChecksDecision, request.body)
      const { requestId } = await deps.operators.decideEnhancedChecks(
        request.operatorAccount!,
        customerId,
        decision,
        reason,
      )
      return respond(request, reply, requestId ? ASKED : `Enhanced checks ${decision}`, {
        decision,
        ...(requestId && { requestId }),
      })
    })
  }

  for (const decision of ['accepted', 'rejected'] as const) {
    const verb = decision === 'accepted' ? 'accept' : 'reject'
    app.post(`/actions/${verb}-proof-of-address`, { schema: { hide: true } }, async (request, reply) => {
      const { documentId, reason } = parse(ProofOfAddressDecision, request.body)
      await deps.operators.decideProofOfAddress(request.operator!, documentId, decision, reason)
      return respond(request, reply, `Proof of address ${decision}`, { decision })
    })
  }

  app.post('/actions/approve-identity', { schema: { hide: true } }, async (request, reply) => {
    const { customerId, reason } = parse(ApproveIdentity, request.body)
    await deps.operators.decideIdentity(request.operator!, customerId, 'approved', reason)
    return respond(request, reply, 'Identity approved; held payouts go ahead', { decision: 'approved' })
  })

  app.post('/actions/reject-identity', { schema: { hide: true } }, async (request, reply) => {
    const { customerId, reason } = parse(RejectIdentity, request.body)
    await deps.operators.decideIdentity(request.operator!, customerId, 'rejected', reason)
    return respond(request, reply, 'Identity rejected; held payments are refunded', { decision: 'rejected' })
  })
}

/**
 * The second operator's decision on a four-eyes request (decision 132): approved, the action runs in the same
 * transaction; declined, nothing happens. The requester is refused `four_eyes_own_request`, another role `forbidden`.
 */
function registerFourEyes(app: FastifyInstance, deps: OperatorDeps) {
  app.post('/four-eyes/:requestId/approve', { schema: { hide: true } }, async (request, reply) => {
    const { requestId } = parseParams(request.params)
    await deps.operators.checkFourEyesRole(request.operatorAccount!, requestId)
    const { reason } = parse(FourEyesDecision, request.body)
    const { action } = await deps.operators.approveFourEyes(request.operatorAccount!, requestId, reason)
    return respond(request, reply, 'Approved and done', { action })
  })

  app.post('/four-eyes/:requestId/decline', { schema: { hide: true } }, async (request, reply) => {
    const { requestId } = parseParams(request.params)
    await deps.operators.checkFourEyesRole(request.operatorAccount!, requestId)
    const { reason } = parse(FourEyesDecision, request.body)
    await deps.operators.declineFourEyes(request.operatorAccount!, requestId, reason)
    return respond(request, reply, 'Declined: nothing was done')
  })
}

/** A request's id from the path; an id that is not one is not found. */
function parseParams(params: unknown) {
  const parsed = FourEyesRequestId.safeParse(params)
  if (!parsed.success) throw new AppError('not_found', 404)
  return parsed.data
}

/**
 * A customer's file, decrypted, as an attachment the browser never renders. A page of another site cannot make the
 * operator's browser fetch it (nor write a false line in the log).
 */
function registerDocumentDownload(app: FastifyInstance, deps: OperatorDeps) {
  app.get('/documents/:id', { schema: { hide: true } }, async (request, reply) => {
    const site = request.headers['sec-fetch-site']
    if (typeof site === 'string' && site !== 'same-origin' && site !== 'none')
      return reply.code(403).send({ result: false, error: 'forbidden' })
    const id = z.uuid().safeParse((request.params as { id: string }).id)
    if (!id.success) throw new AppError('not_found', 404)
    const { reason } = parse(DocumentDownload, request.query)
    const file = await deps.operators.downloadDocument(request.operator!, id.data, reason)
    return reply
      .header('content-type', file.mediaType)
      .header('content-disposition', attachment(file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.bytes)
  })
}

/** A wire transfer the operator found on the bank statement. */
function registerWireReceived(app: FastifyInstance, deps: OperatorDeps) {
  app.post('/actions/mark-wire-received', { schema: { hide: true } }, async (request, reply) => {
    const input = parse(MarkWire, request.body)
    const result = await deps.operators.markWireReceived(request.operator!, input)
    return respond(request, reply, `Wire recorded: ${result.outcome}`, { outcome: result.outcome })
  })
}
