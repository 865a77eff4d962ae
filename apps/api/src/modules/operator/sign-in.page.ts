import { escapeHtml } from '../mail/mail.templates'
import { STYLE } from './operator.page'

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title><style>${STYLE}label{display:block;margin:12px 0 4px}input{font-size:16px}</style></head><body>
<header>Operator sign-in</header><main style="max-width:480px">${body}</main></body></html>`
}

const note = (message: string | undefined) =>
  message ? `<p class="flash" role="alert">${escapeHtml(message)}</p>` : ''

/** The first step: login name and password. */
export function passwordPage(message?: string): string {
  return page(
    'Operator sign-in',
    `<h1>Sign in</h1>${note(message)}<form method="post" action="/operator/login">
<label for="name">Login name</label><input id="name" name="name" autocomplete="username" required maxlength="64" autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200">
<p><button>Continue</button></p></form>`,
  )
}

const codeForm = (action: string, label: string) =>
  `<form method="post" action="${action}"><label for="code">${label}</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" required maxlength="7" autofocus>
<p><button>Sign in</button></p></form>`

/** The second step: the code of the operator's authenticator app. */
export function codePage(message?: string): string {
  return page(
    'Operator sign-in: code',
    `<h1>Your code</h1>${note(message)}${codeForm('/operator/login/code', 'The 6-digit code from your authenticator app')}
<p>Lost your phone? An admin resets your second factor; you then set up a new one here.</p>`,
  )
}

/** A first sign-in (or one after a reset): the authenticator app to set up, its secret in text and as a QR code. */
export function enrolPage(enrolment: { secret: string; qrCode: string }, message?: string): string {
  const grouped = enrolment.secret.replace(/(.{4})/g, '$1 ').trim()
  return page(
    'Operator sign-in: set up your second factor',
    `<h1>Set up your authenticator app</h1>${note(message)}<p>Every operator signs in with a second factor. Scan this code with an authenticator app (or type the key below), then type the code it shows.</p>
<p><img src="${enrolment.qrCode}" alt="QR code of your authenticator key" width="200" height="200"></p>
<p>Key: <code>${escapeHtml(grouped)}</code></p>${codeForm('/operator/login/enrol', 'The 6-digit code your app shows now')}`,
  )
}

/** Nothing to continue: no sign-in in progress (ended, expired or never started). */
export function startAgainPage(message: string): string {
  return page('Operator sign-in', `${note(message)}<p><a href="/operator/login">Sign in</a></p>`)
}
