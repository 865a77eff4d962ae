import type { FastifyInstance } from 'fastify'
import { escapeHtml } from '../mail/mail.templates'
import type { ErrorLogService } from '../error-log/error-log.service'
import { STYLE } from './operator.page'

export type ErrorGroups = ErrorLogService['latestGroups']
type ErrorGroup = Awaited<ReturnType<ErrorGroups>>[number]

const SOURCES: Record<string, string> = {
  failed_call: 'Failed call',
  render: 'Screen failed to render',
  error: 'Uncaught error',
  unhandledrejection: 'Unhandled promise rejection',
}

const time = (at: Date | null) => (at ? at.toISOString() : '—')

function rowOf(group: ErrorGroup): string {
  const where = [group.calls && `call ${group.calls}`, group.paths && `on ${group.paths}`].filter(Boolean).join('; ')
  return `<tr><td>${escapeHtml(SOURCES[group.source] ?? group.source)}</td><td><code>${escapeHtml(group.message)}</code>${
    where ? `<br><small>${escapeHtml(where)}</small>` : ''
  }</td><td>${group.count}</td><td>${time(group.firstSeen)}</td><td>${time(group.lastSeen)}</td><td>${group.forwarded}</td></tr>`
}

/** The web's latest errors, grouped by message and source (decision 120). */
function errorLogPage(groups: ErrorGroup[], operator: string): string {
  const rows = groups.map(rowOf).join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Errors of the web</title><style>${STYLE}</style></head><body>
<header>Operator view · signed in as ${escapeHtml(operator)} · <a href="/operator" style="color:#fff">Overview</a> · <a href="/operator/partners" style="color:#fff">Partners</a></header><main>
<h1>Errors of the web</h1><p>Caught exceptions and failed calls the customers' browsers reported, scrubbed of tokens, passwords, codes and e-mail addresses; the latest groups first, by message and source.</p>
${rows ? `<div class="scroll"><table><tr><th>Source</th><th>Message</th><th>Count</th><th>First seen</th><th>Last seen</th><th>Forwarded</th></tr>${rows}</table></div>` : '<p>No errors reported.</p>'}</main></body></html>`
}

/** `/operator/errors`, inside the operator routes: their sign-in applies. */
export function registerErrorLogPage(app: FastifyInstance, errorGroups: ErrorGroups) {
  app.get('/errors', { schema: { hide: true } }, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(errorLogPage(await errorGroups(), request.operator ?? '')),
  )
}
