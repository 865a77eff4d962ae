import { CRYPTO_CURRENCIES } from '@exchange/shared/currencies'
import { escapeHtml } from '../mail/mail.templates'
import { sandboxPage } from '../../providers/sandbox/pages'
import type { HeldPartner, ReceivedNotice, ReturnCheck, WayInOutcome } from './partner-test-page'

/** The banner's party and every page's title start: the page plays a partner, in a test environment only. */
const PARTY = 'Test partner'
const TITLE = 'Test partner (test environment)'

const link = (href: string, text: string, attributes = '') =>
  `<a href="${escapeHtml(href)}"${attributes}>${escapeHtml(text)}</a>`

function partnersSection(partners: HeldPartner[]): string {
  const rows = partners
    .map(
      (partner) =>
        `<tr><td><code>${escapeHtml(partner.slug)}</code></td><td>key <code>${escapeHtml(partner.keyId)}</code></td><td>${
          partner.origin === 'registered'
            ? 'registered by this process'
            : 'registered before; this process issued a new key and signing secret (the old ones no longer work)'
        }</td></tr>`,
    )
    .join('')
  return `<section class="card"><h2>Partners</h2><table>${rows}</table>
<p>The API keys and signing secrets are held in this process's memory only: a restart issues new ones.</p></section>`
}

function wayInForm(): string {
  const coins = CRYPTO_CURRENCIES.map(
    (coin) => `<option value="${coin}"${coin === 'btc' ? ' selected' : ''}>${coin.toUpperCase()}</option>`,
  ).join('')
  return `<form method="post" action="/dev/partner/sessions"><h2>Open a way in</h2>
<label for="email">E-mail</label><input id="email" name="email" type="email" required>
<label for="amount">Amount in EUR</label><input id="amount" name="amount" value="100.00" inputmode="decimal">
<label for="coin">Coin</label><select id="coin" name="coin"><option value="">(the customer chooses)</option>${coins}</select>
<label for="wallet">Wallet</label><input id="wallet" name="wallet">
<label for="partnerOrderId">Partner order id</label><input id="partnerOrderId" name="partnerOrderId" value="test-order-${Date.now().toString(36)}">
<label><input type="checkbox" name="locked" value="on" style="width:auto"> Locked (the customer cannot change the order)</label>
<button type="submit">Make the link</button></form>`
}

function outcomeSection(outcome: WayInOutcome | undefined): string {
  if (!outcome) return ''
  if (!outcome.ok) {
    const fields = Object.entries(outcome.fields)
      .map(([name, why]) => `<li><code>${escapeHtml(name)}</code>: ${escapeHtml(why)}</li>`)
      .join('')
    return `<section class="card" role="alert"><p class="error">The partner api refused: ${outcome.status} <code>${escapeHtml(outcome.error)}</code></p>${fields && `<ul>${fields}</ul>`}</section>`
  }
  const frame = `/dev/partner/frame?url=${encodeURIComponent(outcome.url)}`
  return `<section class="card" id="way-in"><h2>Link for <code>${escapeHtml(outcome.slug)}</code></h2>
<p>Once, until ${escapeHtml(outcome.expiresAt)}, from this browser's address: <code id="mp-link">${escapeHtml(outcome.url)}</code></p>
<p>${link(outcome.url, 'Open here', ' class="button"')} ${link(frame, 'Open in a frame', ' class="button"')}</p></section>`
}

function noticesSection(notices: readonly ReceivedNotice[]): string {
  const rows = notices
    .map(
      (notice) =>
        `<tr><td><code>${escapeHtml(notice.webhookId)}</code></td><td>${escapeHtml(notice.type)}</td><td>${escapeHtml(notice.status)}</td><td>${
          notice.verified ? 'verified' : `not verified: ${escapeHtml(notice.reason)}`
        }</td><td>${notice.receivedAt.toISOString()}</td></tr>`,
    )
    .join('')
  return `<section class="card"><h2>Notices received (${notices.length})</h2>${
    rows
      ? `<table><tr><th>webhook-id</th><th>type</th><th>status</th><th>signature</th><th>received</th></tr>${rows}</table>`
      : '<p>None yet.</p>'
  }</section>`
}

const EXTRA_STYLE = `<style>a.button{display:inline-block;padding:10px 16px;background:#1d1b26;color:#fff;border-radius:6px;text-decoration:none;font-weight:600;margin:4px 8px 4px 0}
code{word-break:break-all}th{text-align:left;padding-right:8px}</style>`

/** The page: the partners, the form, the link it made (or the refusal) and the notices received. */
export function partnerTestPage(
  partners: HeldPartner[],
  outcome?: WayInOutcome,
  notices: readonly ReceivedNotice[] = [],
) {
  return sandboxPage(
    PARTY,
    TITLE,
    `${EXTRA_STYLE}${outcomeSection(outcome)}${wayInForm()}${partnersSection(partners)}${noticesSection(notices)}`,
  )
}

/** The page when the partners cannot be registered here (an address the registry refuses, say). */
export function partnerTestPageProblem(message: string) {
  return sandboxPage(PARTY, TITLE, `<p class="error" role="alert">${escapeHtml(message)}</p>`)
}

/** The way back as the partner's page shows it. */
export function partnerReturnPage(check: ReturnCheck) {
  const verdict = check.verified
    ? '<p class="ok"><strong>Signature verified</strong></p>'
    : `<p class="error" role="alert">Signature not verified: ${escapeHtml(check.reason)}</p>`
  return sandboxPage(
    PARTY,
    `${TITLE}: back from the exchange`,
    `<section class="card"><table>
<tr><td>Reference</td><td><code>${escapeHtml(check.reference) || '(none)'}</code></td></tr>
<tr><td>Partner order id</td><td><code>${escapeHtml(check.partnerOrderId) || '(none)'}</code></td></tr>
<tr><td>Status</td><td><code>${escapeHtml(check.status)}</code></td></tr></table>${verdict}</section>
<p>${link('/dev/partner', 'Back to the test partner')}</p>`,
  )
}

/**
 * The link shown in a frame of the partner's page, with what the framed way back posts to its parent (`helvex:return`
 * from the app's own origin). The script runs under the page's nonce.
 */
export function partnerFramePage(url: string, appOrigin: string, nonce: string) {
  const origin = JSON.stringify(appOrigin).replace(/</g, '\\u003c')
  return sandboxPage(
    PARTY,
    `${TITLE}: the exchange in a frame`,
    `<style>main{max-width:none}iframe{width:100%;height:80vh;border:2px solid #1d1b26;border-radius:6px;background:#fff}</style>
<iframe title="The exchange" src="${escapeHtml(url)}" allow="camera; payment"></iframe>
<section class="card"><h2>Messages from the frame</h2><ul id="messages"><li>None yet.</li></ul></section>
<p>${link('/dev/partner', 'Back to the test partner')}</p>
<script nonce="${nonce}">
const appOrigin = ${origin}
const list = document.getElementById('messages')
let first = true
window.addEventListener('message', (event) => {
  if (event.origin !== appOrigin || !event.data || event.data.type !== 'helvex:return') return
  if (first) list.textContent = ''
  first = false
  const item = document.createElement('li')
  item.textContent = 'helvex:return, status ' + String(event.data.status) + ': ' + String(event.data.url)
  list.append(item)
})
</script>`,
  )
}
