import { acceptFormPosts } from '../../plugins/form-posts'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { FIAT_DECIMALS } from '@exchange/shared/currencies'
import { isValidIban, normalizeIban } from '@exchange/shared/iban'
import { FiatAmountString, formatAmount } from '@exchange/shared/money'
import { OrderReference } from '@exchange/shared/orders.schemas'
import { AppError } from '../../errors'
import { escapeHtml } from '../mail/mail.templates'
import { attachment } from '../documents/documents.routes'
import type { OperatorService } from './operator.service'

/** Why an operator sends money back: e-mailed to the customer as written. */
const Reason = z.string().trim().min(3).max(200)
const TransferAction = z.object({ transferId: z.uuid() })
const RefundTransfer = TransferAction.extend({ reason: Reason })
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

/** What an operator reads when a form action is refused (JSON clients get the code alone, as every client does). */
const REFUSALS: Partial<Record<string, string>> = {
  validation_failed: 'Not done: a field is missing or not valid (a reason needs at least 3 characters).',
  customer_not_found: 'Not done: there is no such customer.',
  identity_not_in_review:
    'Not done: the identity check of this customer is not waiting for a person (already decided?).',
  identity_name_unknown:
    'Not approved: neither the identity provider nor the customer gave a name to compare payments with. Ask the customer for their details first.',
  review_not_pending: 'Not done: this is not waiting for a decision (already decided, or not a proof of address?).',
  customer_not_under_review: 'Not opened: this customer is not under review. Give a reason to open their file.',
  not_found: 'Not found.',
}
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

const PURPOSES: Record<string, string> = {
  identity_document: 'Identity document',
  proof_of_address: 'Proof of address',
  source_of_funds: 'Source of funds evidence',
  support_attachment: 'Support attachment',
}

function size(bytes: number) {
  return bytes < 1024
    ? `${bytes} B`
    : bytes < 1048576
      ? `${(bytes / 1024).toFixed(0)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#1d1b26;background:#f6f7f9}header{background:#1d1b26;color:#fff;padding:12px 16px}
main{padding:16px;max-width:1200px;margin:0 auto}table{border-collapse:collapse;width:100%;background:#fff;margin-bottom:24px;font-size:14px}
th,td{border-bottom:1px solid #ddd;padding:6px 8px;text-align:left;vertical-align:top}th{background:#eef}form.inline{display:inline}
input{padding:4px}button{padding:4px 8px}.scroll{overflow-x:auto;margin-bottom:24px}.scroll table{margin-bottom:0}.flash{background:#e7f5ff;border:1px solid #1c7ed6;padding:8px;margin-bottom:12px}`

/** `host[:port]` without the scheme's default port, so that an Origin and a Host header compare. */
function hostOf(value: string, scheme = 'http'): string | undefined {
  try {
    return new URL(`${scheme}://${value}`).host
  } catch {
    return undefined
  }
}

/**
 * True for a request the browser made from one of this host's pages (Fetch Metadata, else Origin), and for a non-browser
 * client's JSON (a browser cannot send JSON to another site without a CORS permission this api never gives).
 */
function sentFromOwnPage(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  if (typeof site === 'string') return site === 'same-origin' || site === 'none'
  const origin = request.headers.origin
  if (typeof origin === 'string') {
    const match = /^(https?):\/\/(.+)$/.exec(origin)
    const host = request.headers.host
    return Boolean(match && host && hostOf(match[2]!, match[1]) === hostOf(host, match[1]))
  }
  return (request.headers['content-type'] ?? '').startsWith('application/json')
}

function money(amount: string, currency: string) {
  return `${formatAmount(amount, FIAT_DECIMALS)} ${currency.toUpperCase()}`
}

/** The operator view: protected by the operator credentials (HTTP Basic), never by a customer login. */
export function operatorRoutes(deps: {
  operators: OperatorService
  requireOperator: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
}): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', deps.requireOperator)
    acceptFormPosts(app)
    // The browser sends the operator's Basic credentials with any request to this host, also one that another site's
    // page makes it send: an action is taken only when it comes from this host's own pages (or from a script's JSON).
    app.addHook('preHandler', async (request, reply) => {
      if (request.method !== 'POST' || sentFromOwnPage(request)) return
      request.log.warn(
        { operator: request.operator, origin: request.headers.origin, site: request.headers['sec-fetch-site'] },
        'operator action from another site refused',
      )
      return reply.code(403).send({ result: false, error: 'forbidden' })
    })

    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      const {
        underReview,
        recentOrders,
        held,
        pendingRefunds,
        withdrawalsToCheck,
        enhancedChecks,
        nameChanges,
        awaitingChecks,
        actions,
      } = await deps.operators.overview()
      const awaitingRows = awaitingChecks
        .map(
          (order) =>
            `<tr><td>${order.since.toISOString()}</td><td><code>${order.reference}</code></td><td>${escapeHtml(order.email)}</td><td>${money(order.fiatAmount, order.fiat)}</td><td>${escapeHtml(order.step ?? '—')}</td></tr>`,
        )
        .join('')
      const underReviewRows = underReview
        .map((customer) => {
          const waits = [
            customer.identity &&
              `Identity check in manual review (${escapeHtml(customer.identity.status)}${customer.identity.reasons.length > 0 ? `: ${escapeHtml(customer.identity.reasons.join(', '))}` : ''}) since ${customer.identity.since.toISOString()}; declared name: ${escapeHtml(customer.identity.declaredName ?? '—')}; name on the document: ${escapeHtml(customer.identity.documentName ?? 'not read')}`,
            customer.enhancedChecksSince &&
              `Enhanced checks: answers wait for a decision (below) since ${customer.enhancedChecksSince.toISOString()}`,
            customer.residenceProof &&
              `Declared residence ${escapeHtml(customer.residenceProof.residence.country)} on ${customer.residenceProof.residence.declaredAt.toISOString()}, from a connection in ${escapeHtml(customer.residenceProof.residence.visitorCountry ?? 'an unknown country')}: the UK steps are asked until a proof of address sent since is accepted (since ${customer.residenceProof.since.toISOString()})`,
            ...customer.heldPayouts.map(
              (order) =>
                `Payout <code>${order.reference}</code> held for ${escapeHtml(order.step ?? 'a step')} since ${order.since.toISOString()}`,
            ),
          ].filter(Boolean)
          const files = customer.documents
            .map(
              (file) =>
                `<li><a href="/operator/documents/${file.id}" download>${escapeHtml(file.fileName)}</a> · ${escapeHtml(PURPOSES[file.purpose] ?? file.purpose)} · ${escapeHtml(file.mediaType)} · ${size(file.sizeBytes)} · ${escapeHtml(file.createdAt)}</li>`,
            )
            .join('')
          const proofForms = (customer.residenceProof?.documentIds ?? [])
            .map((documentId) => {
              const name = customer.documents.find((file) => file.id === documentId)?.fileName ?? documentId
              return `<p>Proof of address ${escapeHtml(name)}:</p>${['accept', 'reject'].map((verb) => `<form class="inline" method="post" action="/operator/actions/${verb}-proof-of-address"><input type="hidden" name="documentId" value="${documentId}"><input name="reason" placeholder="what the proof shows" size="20" required minlength="3"><button>${verb === 'accept' ? 'Accept' : 'Reject'}</button></form>`).join('')}`
            })
            .join('')
          const actions = `${proofForms}${
            customer.identity
              ? `<form class="inline" method="post" action="/operator/actions/approve-identity"><input type="hidden" name="customerId" value="${customer.customerId}"><input name="reason" placeholder="note (optional)" size="16"><button>Approve identity</button></form>
<form class="inline" method="post" action="/operator/actions/reject-identity"><input type="hidden" name="customerId" value="${customer.customerId}"><input name="reason" placeholder="reason (e-mailed to the customer)" size="28" required minlength="3"><button>Reject identity</button></form>`
              : ''
          }`
          return `<tr><td>${customer.since.toISOString()}</td><td>${escapeHtml(customer.email)}</td><td><ul>${waits.map((wait) => `<li>${wait}</li>`).join('')}</ul></td><td>${files ? `<ul>${files}</ul>` : 'none sent'}</td><td>${actions}</td></tr>`
        })
        .join('')
      const flash = (request.query as { done?: string }).done
      const heldRows = held
        .map(
          (
            transfer,
          ) => `<tr><td>${transfer.receivedAt.toISOString()}</td><td>${money(transfer.amount, transfer.currency)}</td><td>${escapeHtml(transfer.payerName)}<br>${escapeHtml(transfer.payerIban)}</td><td>${escapeHtml(transfer.paymentReference)}</td><td>${escapeHtml(transfer.outcome)}: ${escapeHtml(transfer.note)}</td><td>
${transfer.outcome === 'held_name_mismatch' ? `<form class="inline" method="post" action="/operator/actions/approve-transfer"><input type="hidden" name="transferId" value="${transfer.id}"><button>Approve</button></form>` : ''}
<form class="inline" method="post" action="/operator/actions/refund-transfer"><input type="hidden" name="transferId" value="${transfer.id}"><input name="reason" placeholder="reason (e-mailed to the customer)" size="28" required minlength="3"><button>Refund</button></form></td></tr>`,
        )
        .join('')
      const orderRows = recentOrders
        .map(
          (
            order,
          ) => `<tr><td>${order.createdAt.toISOString()}</td><td><code>${order.reference}</code></td><td>${escapeHtml(order.email)}</td><td>${escapeHtml(order.status)}</td><td>${money(order.fiatAmount, order.fiat)}</td><td>${escapeHtml(order.method ?? '—')}</td><td>
${order.status === 'awaiting_payment' ? `<form class="inline" method="post" action="/operator/actions/mark-wire-received"><input type="hidden" name="orderReference" value="${order.reference}"><input name="amount" placeholder="amount" required size="8"><input name="payerName" placeholder="payer name" required><input name="payerIban" placeholder="payer IBAN" required><input name="bankTransferId" placeholder="bank transfer id (statement)"><button>Wire received</button></form>` : ''}
${order.status === 'paid' ? `<form class="inline" method="post" action="/operator/actions/refund-order"><input type="hidden" name="orderReference" value="${order.reference}"><input name="reason" placeholder="reason (e-mailed to the customer)" size="28" required minlength="3"><button>Refund</button></form>` : ''}</td></tr>`,
        )
        .join('')
      const withdrawalRows = withdrawalsToCheck
        .map(
          (
            order,
          ) => `<tr><td>${order.withdrawalRequestedAt?.toISOString() ?? ''}</td><td><code>${order.reference}</code></td><td>${escapeHtml(order.cryptoAmount)} ${escapeHtml(order.crypto.toUpperCase())}</td><td><code>${escapeHtml(order.wallet)}</code></td><td>
<form class="inline" method="post" action="/operator/actions/record-delivery"><input type="hidden" name="orderReference" value="${order.reference}"><input name="txId" placeholder="transaction id at the exchange" required minlength="8"><button>Found: record it</button></form>
<form class="inline" method="post" action="/operator/actions/retry-withdrawal"><input type="hidden" name="orderReference" value="${order.reference}"><button>Not found: send again</button></form></td></tr>`,
        )
        .join('')
      const refundRows = pendingRefunds
        .map(
          (refund) =>
            `<tr><td>${refund.createdAt.toISOString()}</td><td>${money(refund.amount, refund.currency)}</td><td>${escapeHtml(refund.toIban ?? 'card')}</td><td>${escapeHtml(refund.reason)}</td><td>${escapeHtml(refund.createdBy)}</td></tr>`,
        )
        .join('')
      const reviewRows = enhancedChecks
        .map(
          (
            review,
          ) => `<tr><td>${review.answeredAt.toISOString()}</td><td>${escapeHtml(review.email)}</td><td><code>${escapeHtml(JSON.stringify(review.answers))}</code></td><td>
${['approve', 'reject'].map((verb) => `<form class="inline" method="post" action="/operator/actions/${verb}-enhanced-checks"><input type="hidden" name="customerId" value="${review.customerId}"><input name="reason" placeholder="reason" size="20" required minlength="3"><button>${verb === 'approve' ? 'Approve' : 'Reject'}</button></form>`).join('')}</td></tr>`,
        )
        .join('')
      const nameRows = nameChanges
        .map(
          (change) =>
            `<tr><td>${change.changedAt.toISOString()}</td><td>${escapeHtml(change.email)}</td><td>${escapeHtml(`${change.oldFirstName ?? ''} ${change.oldLastName ?? ''}`.trim())}</td><td>${escapeHtml(`${change.newFirstName} ${change.newLastName}`)}</td></tr>`,
        )
        .join('')
      const actionRows = actions
        .map(
          (action) =>
            `<tr><td>${action.createdAt.toISOString()}</td><td>${escapeHtml(action.operator)}</td><td>${escapeHtml(action.action)}</td><td><code>${escapeHtml(JSON.stringify(action.detail))}</code></td></tr>`,
        )
        .join('')
      return reply.type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Operator</title><style>${STYLE}</style></head><body>
<header>Operator view · signed in as ${escapeHtml(request.operator ?? '')}</header><main>${flash ? `<p class="flash" role="status">${escapeHtml(flash)}</p>` : ''}
<h2>Customers under review (${underReview.length})</h2><p>An identity check in manual review, answers waiting for a decision, a held payout or a proof of address for a residence outside the UK. Approving the identity lets the customer's held payouts go ahead; rejecting it is final and refunds them. Accept a proof of address only when it shows the customer's name and an address in the declared country. Each file opened is logged.</p>
<div class="scroll"><table><tr><th>Waiting since</th><th>Customer</th><th>What waits</th><th>Documents</th><th>Action</th></tr>${underReviewRows}</table></div>
<h2>Payments held for a person (${held.length})</h2><div class="scroll"><table><tr><th>Received</th><th>Amount</th><th>Payer</th><th>Reference</th><th>Why held</th><th>Action</th></tr>${heldRows}</table></div>
<h2>Withdrawals to check at the exchange (${withdrawalsToCheck.length})</h2><p>The exchange did not confirm these withdrawals. Look each one up at the exchange before acting: sending again when it left pays the customer twice.</p>
<div class="scroll"><table><tr><th>Requested</th><th>Reference</th><th>Coins</th><th>Wallet</th><th>Action</th></tr>${withdrawalRows}</table></div>
<h2>Payouts waiting for the customer's checks (${awaitingChecks.length})</h2><p>Paid, nothing bought yet: each goes ahead by itself once the customer has done the step; a refund is in Recent orders.</p><div class="scroll"><table><tr><th>Waiting since</th><th>Reference</th><th>Customer</th><th>Amount</th><th>Step owed</th></tr>${awaitingRows}</table></div>
<h2>Enhanced checks to review (${enhancedChecks.length})</h2><div class="scroll"><table><tr><th>Answered</th><th>Customer</th><th>Answers</th><th>Action</th></tr>${reviewRows}</table></div>
<h2>Changes of customers' names (${nameChanges.length})</h2><p>Bank transfers that arrive soon after a change (NAME_CHANGE_HOLD_HOURS) are held among the payments above.</p><div class="scroll"><table><tr><th>Changed</th><th>Customer</th><th>From</th><th>To</th></tr>${nameRows}</table></div>
<h2>Recent orders</h2><div class="scroll"><table><tr><th>Created</th><th>Reference</th><th>Customer</th><th>Status</th><th>Amount</th><th>Method</th><th>Action</th></tr>${orderRows}</table></div>
<h2>Refunds to send (${pendingRefunds.length})</h2><div class="scroll"><table><tr><th>Created</th><th>Amount</th><th>To</th><th>Reason</th><th>By</th></tr>${refundRows}</table></div>
<h2>Operator actions</h2><div class="scroll"><table><tr><th>When</th><th>Who</th><th>What</th><th>Detail</th></tr>${actionRows}</table></div></main></body></html>`)
    })

    /** Form posts come back to the page with a note; JSON posts get JSON. */
    function respond(
      request: FastifyRequest,
      reply: FastifyReply,
      message: string,
      data: Record<string, unknown> = {},
    ) {
      if ((request.headers['content-type'] ?? '').includes('application/json'))
        return reply.send({ result: true, ...data })
      return reply.redirect(`/operator?done=${encodeURIComponent(message)}`, 303)
    }

    // A refused form action shows the operator a sentence and the way back; a script's JSON gets the usual answer.
    app.setErrorHandler((error, request, reply) => {
      const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
      const sentence = error instanceof AppError ? REFUSALS[error.code] : undefined
      if (!isForm || !sentence) throw error
      return reply
        .code(error instanceof AppError ? error.statusCode : 400)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Operator</title><style>${STYLE}</style></head><body><main><p class="flash" role="alert">${escapeHtml(sentence)}</p><p><a href="/operator">Back to the operator page</a></p></main></body></html>`,
        )
    })

    function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
      const parsed = schema.safeParse(body)
      if (!parsed.success) throw new AppError('validation_failed', 400)
      return parsed.data
    }

    app.post('/actions/approve-transfer', { schema: { hide: true } }, async (request, reply) => {
      const { transferId } = parse(TransferAction, request.body)
      const statusName = await deps.operators.approveHeldTransfer(request.operator!, transferId)
      return respond(request, reply, `Payment approved; order is ${statusName}`, { statusName })
    })

    app.post('/actions/refund-transfer', { schema: { hide: true } }, async (request, reply) => {
      const { transferId, reason } = parse(RefundTransfer, request.body)
      await deps.operators.refundTransfer(request.operator!, transferId, reason)
      return respond(request, reply, 'Refund recorded')
    })

    app.post('/actions/refund-order', { schema: { hide: true } }, async (request, reply) => {
      const { orderReference, reason } = parse(RefundOrder, request.body)
      await deps.operators.refundOrder(request.operator!, orderReference, reason)
      return respond(request, reply, `Order ${orderReference} refunded`)
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

    for (const decision of ['approved', 'rejected'] as const) {
      const verb = decision === 'approved' ? 'approve' : 'reject'
      app.post(`/actions/${verb}-enhanced-checks`, { schema: { hide: true } }, async (request, reply) => {
        const { customerId, reason } = parse(EnhancedChecksDecision, request.body)
        await deps.operators.decideEnhancedChecks(request.operator!, customerId, decision, reason)
        return respond(request, reply, `Enhanced checks ${decision}`, { decision })
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

    // A customer's file, decrypted, as an attachment the browser never renders. A page of another site cannot make
    // the operator's browser fetch it (nor write a false line in the log).
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

    app.post('/actions/mark-wire-received', { schema: { hide: true } }, async (request, reply) => {
      const input = parse(MarkWire, request.body)
      const result = await deps.operators.markWireReceived(request.operator!, input)
      return respond(request, reply, `Wire recorded: ${result.outcome}`, { outcome: result.outcome })
    })
  }
}
