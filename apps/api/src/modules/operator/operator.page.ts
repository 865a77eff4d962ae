import { FIAT_DECIMALS } from '@exchange/shared/currencies'
import { formatAmount } from '@exchange/shared/money'
import { SECURITY_HOLD_STEP } from '@exchange/shared/payout-hold'
import { escapeHtml } from '../mail/mail.templates'
import type { OperatorRole } from '../../db/tables/modules/operator'
import type { OperatorService } from './operator.service'
import { FOUR_EYES_LABELS, decidesFourEyes } from './four-eyes'
import { type OperatorAction, mayDo } from './operator-roles'

/** What the operator page shows, as the service reads it. */
type Overview = Awaited<ReturnType<OperatorService['overview']>>

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

/** The operator pages' look, shared by every page under /operator. */
export const STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#1d1b26;background:#f6f7f9}header{background:#1d1b26;color:#fff;padding:12px 16px}
main{padding:16px;max-width:1200px;margin:0 auto}table{border-collapse:collapse;width:100%;background:#fff;margin-bottom:24px;font-size:14px}
th,td{border-bottom:1px solid #ddd;padding:6px 8px;text-align:left;vertical-align:top}th{background:#eef}form.inline{display:inline}
input{padding:4px}button{padding:4px 8px}.scroll{overflow-x:auto;margin-bottom:24px}.scroll table{margin-bottom:0}.flash{background:#e7f5ff;border:1px solid #1c7ed6;padding:8px;margin-bottom:12px}`

function money(amount: string, currency: string) {
  return `${formatAmount(amount, FIAT_DECIMALS)} ${currency.toUpperCase()}`
}

/** What a held payout waits for: the step owed, or the security hold on a new wallet and its end (decision 126). */
function waitText(order: { step: string | null; heldUntil: Date | null }, none: string): string {
  if (order.step === SECURITY_HOLD_STEP && order.heldUntil)
    return `a new wallet after a security change: goes out by itself after ${order.heldUntil.toISOString()}`
  return escapeHtml(order.step ?? none)
}

/** Paid orders whose payout waits for a step the customer owes. */
function awaitingRowsOf(awaitingChecks: Overview['awaitingChecks']): string {
  return awaitingChecks
    .map(
      (order) =>
        `<tr><td>${order.since.toISOString()}</td><td><code>${order.reference}</code></td><td>${escapeHtml(order.email)}</td><td>${money(order.fiatAmount, order.fiat)}</td><td>${waitText(order, '—')}</td></tr>`,
    )
    .join('')
}

/** Customers under review: what waits, their files and the decisions to take. */
function underReviewRowsOf(underReview: Overview['underReview']): string {
  return underReview
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
            `Payout <code>${order.reference}</code> held for ${waitText(order, 'a step')} since ${order.since.toISOString()}`,
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
}

/** Payments held for a person, with the approve and refund forms of the operator's roles. */
function heldRowsOf(held: Overview['held'], can: Can): string {
  return held
    .map(
      (
        transfer,
      ) => `<tr><td>${transfer.receivedAt.toISOString()}</td><td>${money(transfer.amount, transfer.currency)}</td><td>${escapeHtml(transfer.payerName)}<br>${escapeHtml(transfer.payerIban)}</td><td>${escapeHtml(transfer.paymentReference)}</td><td>${escapeHtml(transfer.outcome)}: ${escapeHtml(transfer.note)}</td><td>
${transfer.outcome === 'held_name_mismatch' && can('POST /operator/actions/approve-transfer') ? `<form class="inline" method="post" action="/operator/actions/approve-transfer"><input type="hidden" name="transferId" value="${transfer.id}"><input name="reason" placeholder="why (for the second operator)" size="24" required minlength="3"><button>Ask to release</button></form>` : ''}
${can('POST /operator/actions/refund-transfer') ? `<form class="inline" method="post" action="/operator/actions/refund-transfer"><input type="hidden" name="transferId" value="${transfer.id}"><input name="reason" placeholder="reason (e-mailed to the customer)" size="28" required minlength="3"><button>Refund</button></form>` : ''}</td></tr>`,
    )
    .join('')
}

/** Recent orders, with the wire and refund forms their status allows (finance). */
function orderRowsOf(recentOrders: Overview['recentOrders'], can: Can): string {
  const finance = can('POST /operator/actions/refund-order')
  return recentOrders
    .map(
      (
        order,
      ) => `<tr><td>${order.createdAt.toISOString()}</td><td><code>${order.reference}</code></td><td>${escapeHtml(order.email)}</td><td>${escapeHtml(order.status)}</td><td>${money(order.fiatAmount, order.fiat)}</td><td>${escapeHtml(order.method ?? '—')}</td><td>
${finance && order.status === 'awaiting_payment' ? `<form class="inline" method="post" action="/operator/actions/mark-wire-received"><input type="hidden" name="orderReference" value="${order.reference}"><input name="amount" placeholder="amount" required size="8"><input name="payerName" placeholder="payer name" required><input name="payerIban" placeholder="payer IBAN" required><input name="bankTransferId" placeholder="bank transfer id (statement)"><button>Wire received</button></form>` : ''}
${finance && order.status === 'paid' ? `<form class="inline" method="post" action="/operator/actions/refund-order"><input type="hidden" name="orderReference" value="${order.reference}"><input name="reason" placeholder="reason (e-mailed to the customer)" size="28" required minlength="3"><button>Refund</button></form>` : ''}</td></tr>`,
    )
    .join('')
}

/** Withdrawals the exchange did not confirm, with the two ways on. */
function withdrawalRowsOf(withdrawalsToCheck: Overview['withdrawalsToCheck']): string {
  return withdrawalsToCheck
    .map(
      (
        order,
      ) => `<tr><td>${order.withdrawalRequestedAt?.toISOString() ?? ''}</td><td><code>${order.reference}</code></td><td>${escapeHtml(order.cryptoAmount)} ${escapeHtml(order.crypto.toUpperCase())}</td><td><code>${escapeHtml(order.wallet)}</code></td><td>
<form class="inline" method="post" action="/operator/actions/record-delivery"><input type="hidden" name="orderReference" value="${order.reference}"><input name="txId" placeholder="transaction id at the exchange" required minlength="8"><button>Found: record it</button></form>
<form class="inline" method="post" action="/operator/actions/retry-withdrawal"><input type="hidden" name="orderReference" value="${order.reference}"><button>Not found: send again</button></form></td></tr>`,
    )
    .join('')
}

/** Refunds to send. */
function refundRowsOf(pendingRefunds: Overview['pendingRefunds']): string {
  return pendingRefunds
    .map(
      (refund) =>
        `<tr><td>${refund.createdAt.toISOString()}</td><td>${money(refund.amount, refund.currency)}</td><td>${escapeHtml(refund.toIban ?? 'card')}</td><td>${escapeHtml(refund.reason)}</td><td>${escapeHtml(refund.createdBy)}</td></tr>`,
    )
    .join('')
}

/** Enhanced checks answered, with approve and reject forms. */
function reviewRowsOf(enhancedChecks: Overview['enhancedChecks']): string {
  return enhancedChecks
    .map(
      (
        review,
      ) => `<tr><td>${review.answeredAt.toISOString()}</td><td>${escapeHtml(review.email)}</td><td><code>${escapeHtml(JSON.stringify(review.answers))}</code></td><td>
${['approve', 'reject'].map((verb) => `<form class="inline" method="post" action="/operator/actions/${verb}-enhanced-checks"><input type="hidden" name="customerId" value="${review.customerId}"><input name="reason" placeholder="reason" size="20" required minlength="3"><button>${verb === 'approve' ? 'Ask to clear' : 'Reject'}</button></form>`).join('')}</td></tr>`,
    )
    .join('')
}

/** Changes of customers' names. */
function nameRowsOf(nameChanges: Overview['nameChanges']): string {
  return nameChanges
    .map(
      (change) =>
        `<tr><td>${change.changedAt.toISOString()}</td><td>${escapeHtml(change.email)}</td><td>${escapeHtml(`${change.oldFirstName ?? ''} ${change.oldLastName ?? ''}`.trim())}</td><td>${escapeHtml(`${change.newFirstName} ${change.newLastName}`)}</td></tr>`,
    )
    .join('')
}

/** The operator actions, newest first as read. */
function actionRowsOf(actions: Overview['actions']): string {
  return actions
    .map(
      (action) =>
        `<tr><td>${action.createdAt.toISOString()}</td><td>${escapeHtml(action.operator)}</td><td>${escapeHtml(action.action)}</td><td><code>${escapeHtml(JSON.stringify(action.detail))}</code></td></tr>`,
    )
    .join('')
}

type Can = (action: OperatorAction) => boolean

/**
 * Requests waiting for a second operator (decision 132): what, on what, who asked, when and why, with the approve and
 * decline forms for an operator of the role who did not ask.
 */
function fourEyesRowsOf(requests: Overview['fourEyes'], operator: { id: string; roles: readonly OperatorRole[] }) {
  return requests
    .map((request) => {
      const forms =
        request.requestedBy === operator.id
          ? 'Yours: another operator decides it'
          : decidesFourEyes(operator.roles, request.action)
            ? (['approve', 'decline'] as const)
                .map(
                  (verb) =>
                    `<form class="inline" method="post" action="/operator/four-eyes/${request.id}/${verb}"><input name="reason" placeholder="${verb === 'approve' ? 'why you approve' : 'why you decline'}" size="20" required minlength="3"><button>${verb === 'approve' ? 'Approve' : 'Decline'}</button></form>`,
                )
                .join('')
            : 'For another role'
      return `<tr><td>${request.requestedAt.toISOString()}</td><td>${escapeHtml(FOUR_EYES_LABELS[request.action])}</td><td><code>${escapeHtml(request.target)}</code></td><td>${escapeHtml(request.requestedByName)}</td><td>${escapeHtml(request.reason)}</td><td>${forms}</td></tr>`
    })
    .join('')
}

/** The header's links, to the pages the operator's roles open. */
function linksOf(can: Can): string {
  const links: [OperatorAction, string, string][] = [
    ['GET /operator/app', '/operator/app', 'Open the back office app'],
    ['GET /operator/tickets', '/operator/tickets', 'Support tickets'],
    ['GET /operator/partners', '/operator/partners', 'Partners'],
    ['GET /operator/errors', '/operator/errors', 'Errors'],
    ['GET /operator/operators', '/operator/operators', 'Operators'],
  ]
  return links
    .filter(([action]) => can(action))
    .map(([, href, text]) => ` · <a href="${href}" style="color:#fff">${text}</a>`)
    .join('')
}

/** A list of the page: its heading, what to know, its table, for the roles that work on it. */
const section = (shown: boolean, html: string) => (shown ? html : '')

/** The operator page: every list waiting for a person that the operator's roles work on, with its forms. */
export function operatorPage(
  overview: Overview,
  operator: { id: string; name: string; roles: readonly OperatorRole[] },
  flash: string | undefined,
): string {
  const can: Can = (action) => mayDo(operator.roles, action)
  const has = (...roles: OperatorRole[]) => roles.some((role) => operator.roles.includes(role))
  const compliance = has('compliance')
  const finance = has('finance')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Operator</title><style>${STYLE}</style></head><body>
<header>Operator view · signed in as ${escapeHtml(operator.name)} (${escapeHtml(operator.roles.join(', '))})${linksOf(can)} · <form class="inline" method="post" action="/operator/logout"><button>Sign out</button></form></header><main>${flash ? `<p class="flash" role="status">${escapeHtml(flash)}</p>` : ''}
${section(
  compliance || finance,
  `<h2>Waiting for a second operator (${overview.fourEyes.length})</h2><p>Releasing a held payment, a refund above ${escapeHtml(overview.refundAbove)} (in its own currency) and clearing enhanced checks are asked for by one operator and done when another operator of the role approves. Declining does nothing to the customer or the money.</p>
<div class="scroll"><table><tr><th>Asked</th><th>What</th><th>On</th><th>Asked by</th><th>Why</th><th>Decision</th></tr>${fourEyesRowsOf(overview.fourEyes, operator)}</table></div>`,
)}
${section(
  compliance,
  `<h2>Customers under review (${overview.underReview.length})</h2><p>An identity check in manual review, answers waiting for a decision, a held payout or a proof of address for a residence outside the UK. Approving the identity lets the customer's held payouts go ahead; rejecting it is final and refunds them. Accept a proof of address only when it shows the customer's name and an address in the declared country. Each file opened is logged.</p>
<div class="scroll"><table><tr><th>Waiting since</th><th>Customer</th><th>What waits</th><th>Documents</th><th>Action</th></tr>${underReviewRowsOf(overview.underReview)}</table></div>`,
)}
${section(
  compliance || finance,
  `<h2>Payments held for a person (${overview.held.length})</h2><div class="scroll"><table><tr><th>Received</th><th>Amount</th><th>Payer</th><th>Reference</th><th>Why held</th><th>Action</th></tr>${heldRowsOf(overview.held, can)}</table></div>`,
)}
${section(
  finance,
  `<h2>Withdrawals to check at the exchange (${overview.withdrawalsToCheck.length})</h2><p>The exchange did not confirm these withdrawals. Look each one up at the exchange before acting: sending again when it left pays the customer twice.</p>
<div class="scroll"><table><tr><th>Requested</th><th>Reference</th><th>Coins</th><th>Wallet</th><th>Action</th></tr>${withdrawalRowsOf(overview.withdrawalsToCheck)}</table></div>`,
)}
${section(
  compliance || finance,
  `<h2>Payouts waiting for the customer's checks (${overview.awaitingChecks.length})</h2><p>Paid, nothing bought yet: each goes ahead by itself once the customer has done the step; a refund is in Recent orders.</p><div class="scroll"><table><tr><th>Waiting since</th><th>Reference</th><th>Customer</th><th>Amount</th><th>Waits for</th></tr>${awaitingRowsOf(overview.awaitingChecks)}</table></div>`,
)}
${section(
  compliance,
  `<h2>Enhanced checks to review (${overview.enhancedChecks.length})</h2><div class="scroll"><table><tr><th>Answered</th><th>Customer</th><th>Answers</th><th>Action</th></tr>${reviewRowsOf(overview.enhancedChecks)}</table></div>
<h2>Changes of customers' names (${overview.nameChanges.length})</h2><p>Bank transfers that arrive soon after a change (NAME_CHANGE_HOLD_HOURS) are held among the payments above.</p><div class="scroll"><table><tr><th>Changed</th><th>Customer</th><th>From</th><th>To</th></tr>${nameRowsOf(overview.nameChanges)}</table></div>`,
)}
${section(
  finance || has('support'),
  `<h2>Recent orders</h2><div class="scroll"><table><tr><th>Created</th><th>Reference</th><th>Customer</th><th>Status</th><th>Amount</th><th>Method</th><th>Action</th></tr>${orderRowsOf(overview.recentOrders, can)}</table></div>`,
)}
${section(
  finance,
  `<h2>Refunds to send (${overview.pendingRefunds.length})</h2><div class="scroll"><table><tr><th>Created</th><th>Amount</th><th>To</th><th>Reason</th><th>By</th></tr>${refundRowsOf(overview.pendingRefunds)}</table></div>`,
)}
${section(
  compliance || has('admin'),
  `<h2>Operator actions</h2><div class="scroll"><table><tr><th>When</th><th>Who</th><th>What</th><th>Detail</th></tr>${actionRowsOf(overview.actions)}</table></div>`,
)}</main></body></html>`
}

/** The page of a refused form action: the sentence and the way back. */
export function refusalPage(sentence: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Operator</title><style>${STYLE}</style></head><body><main><p class="flash" role="alert">${escapeHtml(sentence)}</p><p><a href="/operator">Back to the operator page</a></p></main></body></html>`
}
