import type { FastifyPluginAsync } from 'fastify'
import { escapeHtml } from '../mail/mail.templates'
import type { DevOutboxService } from './dev.service'

/**
 * The dev outbox, readable as JSON and as a mailbox page. Registered only while the dev outbox is the
 * mail transport: with real SMTP these routes do not exist.
 */
export function devRoutes({ outbox }: { outbox: DevOutboxService }): FastifyPluginAsync {
  return async (app) => {
    app.get('/outbox', { schema: { hide: true } }, async () => ({ result: true, data: await outbox.listMessages() }))

    app.get('/mailbox', { schema: { hide: true } }, async (_request, reply) => {
      const messages = await outbox.listMessages()
      const items = messages
        .map(
          (message) => `<article>
  <header><strong>${escapeHtml(message.subject)}</strong><br><span>To ${escapeHtml(message.to)} · ${message.createdAt.toISOString()}</span></header>
  <iframe title="${escapeHtml(message.subject)}" sandbox="" srcdoc="${escapeHtml(message.html)}"></iframe>
  <details><summary>Plain text</summary><pre>${escapeHtml(message.text)}</pre></details>
</article>`,
        )
        .join('\n')
      return reply.type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Dev mailbox</title><style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f2fb;color:#1d1b26}
.banner{background:#ffd43b;padding:10px 16px;font-weight:600;border-bottom:2px solid #1d1b26}
main{max-width:760px;margin:0 auto;padding:16px}
article{background:#fff;border-radius:10px;margin:0 0 16px;padding:12px 16px;box-shadow:0 1px 3px #0002}
iframe{width:100%;height:560px;border:1px solid #ddd;border-radius:6px;margin-top:8px}
header span{color:#666;font-size:13px}
</style></head><body><div class="banner">Development mailbox: messages are kept here instead of being sent. Gone once SMTP_URL is set.</div>
<main><h1>Mailbox (${messages.length})</h1>${items || '<p>No messages yet.</p>'}</main></body></html>`)
    })
  }
}
