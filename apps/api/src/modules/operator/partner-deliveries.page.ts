import { escapeHtml } from '../mail/mail.templates'
import { STYLE } from './operator.page'
import type { PartnerDeliveries } from './partner-deliveries'

type DeliveryLog = Awaited<ReturnType<PartnerDeliveries['deliveryLog']>>
type LoggedEvent = DeliveryLog['events'][number]

const time = (at: Date | null) => (at ? at.toISOString() : '—')

/** Where a notice stands: delivered, given up, being sent, or its next try. */
function stateOf(event: LoggedEvent): string {
  if (event.deliveredAt) return `Delivered ${time(event.deliveredAt)}`
  if (event.gaveUpAt) return `Given up ${time(event.gaveUpAt)}`
  if (event.leaseUntil && event.tries.length < event.attempts) return 'Being sent'
  return `Next try ${time(event.nextAttemptAt)}`
}

/** Each try: when, how long, the answer's status or the error, and whether a person asked for it. */
function triesOf(event: LoggedEvent): string {
  if (event.tries.length === 0) return 'not tried yet'
  const lines = event.tries.map(
    (attempt) =>
      `<li>#${attempt.attempt} ${time(attempt.startedAt)} · ${attempt.durationMs} ms · ${
        attempt.statusCode === null ? escapeHtml(attempt.error ?? 'no answer') : `answered ${attempt.statusCode}`
      }${attempt.manual ? ' · sent again by an operator' : ''}</li>`,
  )
  return `<ol>${lines.join('')}</ol>`
}

function eventRowsOf(events: DeliveryLog['events']): string {
  return events
    .map(
      (event) =>
        `<tr><td>${time(event.createdAt)}</td><td><code>${escapeHtml(event.type)}</code>${
          event.orderReference ? `<br>order <code>${escapeHtml(event.orderReference)}</code>` : ''
        }<br><small>msg_${event.id}</small></td><td>${escapeHtml(stateOf(event))}</td><td>${triesOf(event)}</td><td>
<form class="inline" method="post" action="/operator/partners/${event.partnerId}/deliveries/${event.id}/send-again"><button>Send again</button></form></td></tr>`,
    )
    .join('')
}

/** A partner's notices and their tries, with "send again", "send a test event" and "turn notices on again". */
export function partnerDeliveriesPage(log: DeliveryLog, operator: string, flash: string | undefined): string {
  const { partner } = log
  const base = `/operator/partners/${partner.id}/deliveries`
  const endpoint = partner.webhookUrl
    ? `Notices go to <code>${escapeHtml(partner.webhookUrl)}</code>.`
    : 'This partner has no webhook address: no notices are written.'
  const disabled = partner.webhookDisabledAt
    ? `<p class="flash" role="alert">Notices are turned off: the address answered 410 Gone at ${time(partner.webhookDisabledAt)}. The notices since wait, unsent.
<form class="inline" method="post" action="${base}/enable"><button>Turn notices on again</button></form></p>`
    : ''
  const more = log.nextBefore ? `<p><a href="${base}?before=${log.nextBefore}">Older notices</a></p>` : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Notices to ${escapeHtml(partner.displayName)}</title><style>${STYLE}</style></head><body>
<header>Operator view · signed in as ${escapeHtml(operator)}</header><main>${flash ? `<p class="flash" role="status">${escapeHtml(flash)}</p>` : ''}
<p><a href="/operator">Operator page</a></p>
<h1>Notices to ${escapeHtml(partner.displayName)} (${escapeHtml(partner.slug)})</h1><p>${endpoint} Each is tried until the address answers 2xx, for about 78 hours; 410 turns the notices off.</p>${disabled}
<form method="post" action="${base}/test"><button>Send a test event</button></form>
<div class="scroll"><table><tr><th>Written</th><th>Notice</th><th>State</th><th>Tries</th><th>Action</th></tr>${eventRowsOf(log.events)}</table></div>${more}</main></body></html>`
}
