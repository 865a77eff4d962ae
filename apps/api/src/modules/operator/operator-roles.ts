import type { FastifyReply, FastifyRequest } from 'fastify'
import { OPERATOR_ROLES, type OperatorRole } from '../../db/tables/modules/operator'
import { escapeHtml } from '../mail/mail.templates'

const EVERY_ROLE = OPERATOR_ROLES

/**
 * Who may do what at /operator (decision 127): every route of the operator pages, by method and path, and the roles
 * that open it. An operator may hold several roles; one of them is enough. A route missing here opens to nobody (the
 * guard refuses it and a test fails), so a new page is never open to every operator by oversight.
 *
 * support: tickets, customer look-up · compliance: identity and enhanced-checks reviews, documents, held payouts ·
 * finance: refunds, payments, wires, reconciliation · admin: operators, partners, settings.
 */
export const OPERATOR_ACTIONS = {
  // The overview: each operator sees the lists of their roles (operator.page.ts).
  'GET /operator': EVERY_ROLE,
  'GET /operator/': EVERY_ROLE,
  'POST /operator/logout': EVERY_ROLE,
  // Compliance: reviews of customers, their files, held payments and payouts.
  'POST /operator/actions/approve-enhanced-checks': ['compliance'],
  'POST /operator/actions/reject-enhanced-checks': ['compliance'],
  'POST /operator/actions/accept-proof-of-address': ['compliance'],
  'POST /operator/actions/reject-proof-of-address': ['compliance'],
  'POST /operator/actions/approve-identity': ['compliance'],
  'POST /operator/actions/reject-identity': ['compliance'],
  'GET /operator/documents/:id': ['compliance'],
  'POST /operator/actions/approve-transfer': ['compliance'],
  // Finance: money back, money found on the statement, withdrawals to reconcile with the exchange.
  'POST /operator/actions/refund-transfer': ['finance'],
  'POST /operator/actions/refund-order': ['finance'],
  'POST /operator/actions/mark-wire-received': ['finance'],
  'POST /operator/actions/record-delivery': ['finance'],
  'POST /operator/actions/retry-withdrawal': ['finance'],
  // Four-eyes (decision 132): a second operator decides a request; the request's own action says which role.
  'POST /operator/four-eyes/:requestId/approve': ['compliance', 'finance'],
  'POST /operator/four-eyes/:requestId/decline': ['compliance', 'finance'],
  // Support: the customers' tickets and their files.
  'GET /operator/tickets': ['support'],
  'GET /operator/tickets/:number': ['support'],
  'POST /operator/tickets/:number/reply': ['support'],
  'POST /operator/tickets/:number/close': ['support'],
  'GET /operator/tickets/:number/attachments/:documentId': ['support'],
  // Admin: operators, partners and their notices, the web's errors.
  'GET /operator/operators': ['admin'],
  'POST /operator/operators': ['admin'],
  'POST /operator/operators/:operatorId/roles': ['admin'],
  'POST /operator/operators/:operatorId/disable': ['admin'],
  'POST /operator/operators/:operatorId/reset': ['admin'],
  'GET /operator/partners': ['admin'],
  'POST /operator/partners': ['admin'],
  'GET /operator/partners/:partnerId': ['admin'],
  'POST /operator/partners/:partnerId': ['admin'],
  'POST /operator/partners/:partnerId/status': ['admin'],
  'POST /operator/partners/:partnerId/keys': ['admin'],
  'POST /operator/partners/:partnerId/keys/:keyId/revoke': ['admin'],
  'POST /operator/partners/:partnerId/signing-secret': ['admin'],
  'GET /operator/partners/:partnerId/deliveries': ['admin'],
  'POST /operator/partners/:partnerId/deliveries/:eventId/send-again': ['admin'],
  'POST /operator/partners/:partnerId/deliveries/test': ['admin'],
  'POST /operator/partners/:partnerId/deliveries/enable': ['admin'],
  'GET /operator/errors': ['admin'],
  // The back office's React app and its api (decision 133): the queues list what each role opens; the files of
  // customers and orders, the search and the trail to those who work with customers, the export to the auditors.
  'GET /operator/app': EVERY_ROLE,
  'GET /operator/app/*': EVERY_ROLE,
  'GET /operator/api/me': EVERY_ROLE,
  'GET /operator/api/queues': EVERY_ROLE,
  'GET /operator/api/search': ['support', 'compliance', 'finance'],
  'GET /operator/api/customers/:customerId': ['support', 'compliance', 'finance'],
  'GET /operator/api/orders/:reference': ['support', 'compliance', 'finance'],
  'GET /operator/api/trail': ['compliance', 'finance', 'admin'],
  'GET /operator/api/audit.csv': ['compliance', 'admin'],
} as const satisfies Record<string, readonly OperatorRole[]>

export type OperatorAction = keyof typeof OPERATOR_ACTIONS

/** Whether these roles open this action. */
export function mayDo(roles: readonly OperatorRole[], action: OperatorAction): boolean {
  const allowed: readonly OperatorRole[] = OPERATOR_ACTIONS[action]
  return roles.some((role) => allowed.includes(role))
}

const forbiddenPage = (roles: readonly string[]) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Operator</title></head><body><main><p role="alert">Not open to your roles (${escapeHtml(roles.join(', '))}). Ask an admin if you need it.</p><p><a href="/operator">Back to the operator page</a></p></main></body></html>`

/**
 * The one guard (decision 127): after the session check, the route's action is looked up in `OPERATOR_ACTIONS`; an
 * operator none of whose roles opens it is answered 403, before the body is read. A route the table does not name
 * is refused to everyone.
 */
export async function requireRole(request: FastifyRequest, reply: FastifyReply) {
  const roles = request.operatorAccount?.roles ?? []
  const action = `${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url}`
  if (action in OPERATOR_ACTIONS && mayDo(roles, action as OperatorAction)) return
  request.log.warn({ operator: request.operator, action }, 'operator action refused: not open to their roles')
  const wantsPage =
    (request.headers.accept ?? '').includes('text/html') ||
    (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
  if (wantsPage) return reply.code(403).type('text/html; charset=utf-8').send(forbiddenPage(roles))
  return reply.code(403).send({ result: false, error: 'forbidden' })
}
