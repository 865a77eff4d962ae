import { OPERATOR_ROLES } from '../../db/tables/modules/operator'
import { escapeHtml } from '../mail/mail.templates'
import type { listOperators } from './operator-accounts'
import { STYLE } from './operator.page'

type OperatorRow = Awaited<ReturnType<typeof listOperators>>[number]

const ROLE_WORDS = {
  support: 'support (tickets, customer look-up)',
  compliance: 'compliance (reviews, documents, held payouts)',
  finance: 'finance (refunds, payments, wires, reconciliation)',
  admin: 'admin (operators, partners, settings)',
} as const

function page(operator: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Operators</title><style>${STYLE}</style></head><body>
<header>Operators · signed in as ${escapeHtml(operator)} · <a href="/operator" style="color:#fff">Back to the operator page</a></header><main>${body}</main></body></html>`
}

const roleBoxes = (checked: readonly string[]) =>
  OPERATOR_ROLES.map(
    (role) =>
      `<label style="margin-right:12px"><input type="checkbox" name="roles" value="${role}"${checked.includes(role) ? ' checked' : ''}> ${ROLE_WORDS[role]}</label>`,
  ).join('')

function rowOf(row: OperatorRow): string {
  const state = row.disabledAt
    ? `disabled ${row.disabledAt.toISOString()}`
    : row.secondFactorAt
      ? 'active'
      : 'second factor not set up yet'
  return `<tr><td>${escapeHtml(row.loginName)}</td><td>${escapeHtml(state)}</td><td>${row.createdAt.toISOString()}</td><td>
<form class="inline" method="post" action="/operator/operators/${row.id}/roles">${roleBoxes(row.roles)}<button>Save roles</button></form></td><td>
<form class="inline" method="post" action="/operator/operators/${row.id}/reset"><button>New password and second factor</button></form>
${row.disabledAt ? '' : `<form class="inline" method="post" action="/operator/operators/${row.id}/disable"><button>Disable</button></form>`}</td></tr>`
}

/** The admins' page of operators: who may sign in with which roles, a new operator, roles changed, resets. */
export function operatorsPage(
  rows: OperatorRow[],
  state: { operator: string; flash?: string | undefined; error?: string | undefined },
): string {
  return page(
    state.operator,
    `${state.flash ? `<p class="flash" role="status">${escapeHtml(state.flash)}</p>` : ''}${state.error ? `<p class="flash" role="alert">${escapeHtml(state.error)}</p>` : ''}
<h2>Operators (${rows.length})</h2><div class="scroll"><table><tr><th>Login name</th><th>State</th><th>Created</th><th>Roles</th><th>Action</th></tr>${rows.map(rowOf).join('')}</table></div>
<h2>New operator</h2><p>The new operator gets a password, shown once on the next page; at their first sign-in they set up their authenticator app.</p>
<form method="post" action="/operator/operators"><p><label>Login name <input name="loginName" required maxlength="64" pattern="[a-z][a-z0-9._\\-]{1,63}"></label></p><p>${roleBoxes([])}</p><p><button>Create operator</button></p></form>`,
  )
}

/** A password shown this once: the new operator's, or after a reset. */
export function passwordShownOncePage(operator: string, loginName: string, password: string, what: string): string {
  return page(
    operator,
    `<p class="flash" role="status">${escapeHtml(what)}</p><p>Login name: <code>${escapeHtml(loginName)}</code></p><p>Password: <code>${escapeHtml(password)}</code></p>
<p>This password is shown only once: hand it to ${escapeHtml(loginName)} in person or over a channel you trust. At their next sign-in they set up their authenticator app.</p><p><a href="/operator/operators">Back to the operators</a></p>`,
  )
}
