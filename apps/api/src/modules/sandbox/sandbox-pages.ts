import { escapeHtml } from '../mail/mail.templates'

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

/** Form posts of the sandbox pages arrive url-encoded. */
export function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body))
}
