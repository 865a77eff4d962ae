import type { PartnerKeyView, PartnerSummary } from '../partners/partner-desk'
import type { Partner } from '../partners/partner-records'
import { escapeHtml } from '../mail/mail.templates'
import { STYLE } from './operator.page'
import type { PartnerFormValues } from './partner-form'

/** What a partner page shows besides its data: a note on what was done, and the fields a refusal named. */
interface PageState {
  operator: string
  flash?: string | undefined
  values: PartnerFormValues
  errors?: Record<string, string>
}

const EXTRA_STYLE = `.error{color:#c92a2a;margin-left:6px}label{display:block;margin:6px 0}textarea{width:420px;height:3.5em}
fieldset{background:#fff;margin-bottom:16px}.secret{font-size:16px;background:#fff3bf;border:1px solid #f08c00;padding:8px;word-break:break-all}`

const ORDER_FIELD_NAMES = { fiat: 'currency', coin: 'coin', network: 'network', amount: 'amount', wallet: 'wallet' }

const at = (date: Date | null) => (date ? date.toISOString() : '—')

export function shell(title: string, operator: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title><style>${STYLE}${EXTRA_STYLE}</style></head><body>
<header>Operator view · signed in as ${escapeHtml(operator)} · <a href="/operator" style="color:#fff">Overview</a> · <a href="/operator/tickets" style="color:#fff">Support tickets</a> · <a href="/operator/partners" style="color:#fff">Partners</a></header><main>${body}</main></body></html>`
}

export const flashOf = (flash: string | undefined) =>
  flash ? `<p class="flash" role="status">${escapeHtml(flash)}</p>` : ''

const errorOf = (errors: Record<string, string> | undefined, name: string) =>
  errors?.[name] ? `<span class="error" role="alert" id="${name}-error">${escapeHtml(errors[name])}</span>` : ''

function input(label: string, name: string, value: string, errors: PageState['errors'], extra = ''): string {
  return `<label>${label} <input name="${name}" value="${escapeHtml(value)}" ${extra}>${errorOf(errors, name)}</label>`
}

function area(label: string, name: string, value: string, errors: PageState['errors']): string {
  return `<label>${label}<br><textarea name="${name}">${escapeHtml(value)}</textarea>${errorOf(errors, name)}</label>`
}

const checkbox = (name: string, value: string, checked: boolean, label: string) =>
  `<label style="display:inline;margin-right:12px"><input type="checkbox" name="${name}" value="${value}"${checked ? ' checked' : ''}> ${label}</label>`

/** The partner's settings as inputs; the slug only when the partner is new (it is fixed once registered). */
function partnerInputs({ values, errors }: PageState, withSlug: boolean): string {
  const orderChecks = Object.entries(ORDER_FIELD_NAMES)
    .map(([field, label]) => checkbox('orderFields', field, values.orderFields.includes(field), label))
    .join('')
  return `${errorOf(errors, 'input')}${withSlug ? input('Slug (lower-case letters, digits, hyphens; fixed once registered)', 'slug', values.slug, errors, 'required') : ''}
${input('Name', 'displayName', values.displayName, errors, 'required')}
${area('Return addresses (one a line, https)', 'returnUrls', values.returnUrls, errors)}
${area('Embedding origins (one a line, https://host[:port])', 'embeddingOrigins', values.embeddingOrigins, errors)}
${input('Webhook address (https)', 'webhookUrl', values.webhookUrl, errors, 'size="50"')}
${input('Brand name', 'brandName', values.brandName, errors)}${input('Brand logo (https)', 'brandLogoUrl', values.brandLogoUrl, errors, 'size="50"')}${input('Brand colour (#1a2b3c)', 'brandColour', values.brandColour, errors)}
<p>It may set in an order: ${orderChecks}${errorOf(errors, 'orderFields')}</p>
<p>${checkbox('locked', 'yes', values.locked, 'the customer cannot change what it set')}</p>
<p>${checkbox('bindSessionToIp', 'yes', values.bindSessionToIp, "bind its customers' sessions to their IP address")}${errorOf(errors, 'bindSessionToIp')}</p>`
}

function webhookCell(partner: Partner): string {
  if (!partner.webhookUrl) return '—'
  const off = partner.webhookDisabledAt
    ? ` <strong>off since ${at(partner.webhookDisabledAt)} (answered 410)</strong>`
    : ''
  return `${escapeHtml(partner.webhookUrl)}${off}`
}

/** `/operator/partners`: every partner, and the form that registers one. */
export function partnersListPage(partners: PartnerSummary[], state: PageState): string {
  const rows = partners
    .map(
      (partner) =>
        `<tr><td><a href="/operator/partners/${partner.id}"><code>${escapeHtml(partner.slug)}</code></a></td><td>${escapeHtml(partner.displayName)}</td><td>${escapeHtml(partner.status)}</td><td>${partner.activeKeys}</td><td>${webhookCell(partner)}</td><td>${at(partner.createdAt)}</td></tr>`,
    )
    .join('')
  return shell(
    'Partners',
    state.operator,
    `${flashOf(state.flash)}<h2>Partners (${partners.length})</h2><div class="scroll"><table><tr><th>Slug</th><th>Name</th><th>Status</th><th>Active keys</th><th>Webhook</th><th>Created</th></tr>${rows}</table></div>
<h2>Register a partner</h2><form method="post" action="/operator/partners"><fieldset>${partnerInputs(state, true)}<button>Register</button></fieldset></form>`,
  )
}

function keyRows(partnerId: string, keys: PartnerKeyView[]): string {
  return keys
    .map(
      (key) =>
        `<tr><td><code>${escapeHtml(key.keyId)}</code></td><td>${escapeHtml(key.label)}</td><td>${key.sources.length > 0 ? escapeHtml(key.sources.join(', ')) : 'any'}</td><td>${at(key.createdAt)}</td><td>${at(key.lastUsedAt)}</td><td>${key.revokedAt ? at(key.revokedAt) : `<form class="inline" method="post" action="/operator/partners/${partnerId}/keys/${escapeHtml(key.keyId)}/revoke"><button>Revoke</button></form>`}</td></tr>`,
    )
    .join('')
}

/** What is done to the partner as a whole: its status, its notices, its signing secret. */
function partnerControls(partner: Partner): string {
  const next = partner.status === 'active' ? 'disabled' : 'active'
  const resume = partner.webhookDisabledAt
    ? `<form class="inline" method="post" action="/operator/partners/${partner.id}/deliveries/enable"><button>Send its notices again</button></form>`
    : ''
  return `<div>Status: <strong>${escapeHtml(partner.status)}</strong> <form class="inline" method="post" action="/operator/partners/${partner.id}/status"><input type="hidden" name="status" value="${next}"><button>${next === 'active' ? 'Activate' : 'Disable'}</button></form>
· Webhook: ${webhookCell(partner)} ${resume} · <a href="/operator/partners/${partner.id}/deliveries">Webhook deliveries</a></div>
<h2>Signing secret</h2><p>Signs its webhooks and the addresses its customers are sent back to. The new secret is shown once; the old one keeps signing for 24 hours so that the partner can move over.</p>
<form method="post" action="/operator/partners/${partner.id}/signing-secret">${checkbox('endOldNow', 'yes', false, 'end the old secret now (it leaked)')}<button>Rotate the signing secret</button></form>`
}

/** `/operator/partners/:id`: its settings, status, keys and signing secret. */
export function partnerPage(
  partner: Partner,
  keys: PartnerKeyView[],
  state: PageState & { keyErrors?: Record<string, string> },
): string {
  return shell(
    `Partner ${partner.slug}`,
    state.operator,
    `${flashOf(state.flash)}<h2>Partner <code>${escapeHtml(partner.slug)}</code> · ${escapeHtml(partner.displayName)}</h2><p>Registered ${at(partner.createdAt)}</p>
${partnerControls(partner)}
<h2>API keys</h2><div class="scroll"><table><tr><th>Key id</th><th>Label</th><th>Sources</th><th>Created</th><th>Last used</th><th>Revoked</th></tr>${keyRows(partner.id, keys)}</table></div>
<form method="post" action="/operator/partners/${partner.id}/keys"><fieldset>${errorOf(state.keyErrors, 'input')}${input('Label', 'label', '', state.keyErrors)}${input('Sources (IP addresses or CIDR ranges, separated by commas; empty: any)', 'sources', '', state.keyErrors, 'size="50"')}<button>Issue a key</button></fieldset></form>
<h2>Settings</h2><form method="post" action="/operator/partners/${partner.id}"><fieldset>${partnerInputs(state, false)}<button>Save</button></fieldset></form>`,
  )
}

/** The one answer that shows a new key or secret: it is never shown again, nor kept anywhere in the clear. */
export function shownOncePage(operator: string, partner: Partner, what: string, value: string, note: string): string {
  return shell(
    `${what} for ${partner.slug}`,
    operator,
    `<h2>${escapeHtml(what)} for <code>${escapeHtml(partner.slug)}</code></h2>
<p class="flash" role="alert"><strong>Copy it now: it is shown this once.</strong> It cannot be shown again; only a hash or a sealed copy is kept. Send it to the partner by a safe way, never by e-mail in the clear.</p>
<p class="secret"><code id="shown-once">${escapeHtml(value)}</code></p><p>${escapeHtml(note)}</p>
<p><a href="/operator/partners/${partner.id}">Back to the partner</a></p>`,
  )
}
