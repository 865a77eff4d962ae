import type { FastifyReply } from 'fastify'
import type { z } from 'zod'
import { escapeHtml } from '../../modules/mail/mail.templates'

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1d1b26}
.banner{background:#ffd43b;padding:10px 16px;font-weight:600;border-bottom:2px solid #1d1b26}
main{max-width:640px;margin:0 auto;padding:16px}form,.card{background:#fff;border-radius:10px;padding:16px;box-shadow:0 1px 3px #0002;margin-bottom:12px}
label{display:block;font-weight:600;margin:12px 0 4px}input,select{width:100%;padding:8px;font-size:16px;box-sizing:border-box}
button{margin-top:16px;padding:10px 16px;font-size:16px;font-weight:600;background:#1d1b26;color:#fff;border:0;border-radius:6px}
button.secondary{background:#fff;color:#1d1b26;border:1px solid #1d1b26}.error{color:#b91c1c;font-weight:600}
code{background:#eee;padding:2px 4px;border-radius:4px}table{border-collapse:collapse}td{padding:2px 8px 2px 0}`

/** A page of a sandbox party: its own look, and a banner that says it is a test environment. */
export function sandboxPage(party: string, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><div class="banner">${escapeHtml(party)}: test environment. No real money moves.</div><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
}

/** Answers a sandbox party's page with `status`. */
export function sendPage(reply: FastifyReply, status: number, party: string, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(sandboxPage(party, title, body))
}

/**
 * The ids the sandbox parties hand out (letters, digits, `_` and `-`). Anything else is no id of theirs and is answered
 * as unknown before the database is asked: a NUL byte, for one, would fail there.
 */
const SANDBOX_ID = /^[A-Za-z0-9_-]{1,100}$/

export function sandboxIdOf(value: unknown): string | undefined {
  return typeof value === 'string' && SANDBOX_ID.test(value) ? value : undefined
}

/**
 * A form post read by its schema. A post that is not this form (no body, JSON of another shape, a field missing or
 * given an unknown value) answers undefined, so that the page refuses it instead of guessing what was meant.
 */
export function readForm<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  const parsed = schema.safeParse(body)
  return parsed.success ? parsed.data : undefined
}

/** The answer of a sandbox page to a post it cannot read: 400 and a page that says so. */
export function formRefused(reply: FastifyReply, party: string, message: string) {
  return sendPage(reply, 400, party, 'Form not understood', `<p class="error" role="alert">${escapeHtml(message)}</p>`)
}
