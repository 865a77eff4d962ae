import { COMPLAINT_REMINDER_DAYS, type TicketStatus } from '@exchange/shared/support.schemas'
import type { OperatorTicket, OperatorTicketSummary } from '../support/ticket-views'
import { escapeHtml } from '../mail/mail.templates'
import { flashOf, shell } from './partners-page'

/** Which tickets the list shows: those not closed, or one status. */
export type TicketFilter = TicketStatus | 'active'
export const TICKET_FILTERS = ['active', 'open', 'answered', 'closed'] as const satisfies readonly TicketFilter[]
const FILTER_NAMES: Record<TicketFilter, string> = {
  active: 'Not closed',
  open: 'Waiting for us',
  answered: 'Waiting for the customer',
  closed: 'Closed',
}
const STATUS_NAMES: Record<TicketStatus, string> = {
  open: 'waiting for us',
  answered: 'waiting for the customer',
  closed: 'closed',
}

/**
 * A complaint's due date, marked when it has passed while the complaint is still open, and when it comes within the
 * days of the operators' reminder (decision 126).
 */
function deadline(ticket: { responseDueAt: string | null; closedAt: string | null }, now: Date): string {
  if (!ticket.responseDueAt) return '—'
  const left = new Date(ticket.responseDueAt).getTime() - now.getTime()
  const days = Math.ceil(left / 86_400_000)
  const mark = ticket.closedAt
    ? ''
    : left < 0
      ? ' <strong style="color:#c92a2a">overdue</strong>'
      : days <= COMPLAINT_REMINDER_DAYS
        ? ` <strong style="color:#a61e4d">due in ${days} day${days === 1 ? '' : 's'}</strong>`
        : ''
  return `${escapeHtml(ticket.responseDueAt)}${mark}`
}

/** The list of tickets: status, topic, customer, order, the complaint's deadline; the earliest deadline first. */
export function ticketsListPage(
  tickets: OperatorTicketSummary[],
  state: { operator: string; filter: TicketFilter; now: Date; flash?: string | undefined },
): string {
  const filters = TICKET_FILTERS.map((filter) =>
    filter === state.filter
      ? `<strong>${FILTER_NAMES[filter]}</strong>`
      : `<a href="/operator/tickets?status=${filter}">${FILTER_NAMES[filter]}</a>`,
  ).join(' · ')
  const rows = tickets
    .map(
      (ticket) =>
        `<tr><td><a href="/operator/tickets/${ticket.number}">${ticket.number}</a></td><td>${ticket.topic === 'complaint' ? '<strong>complaint</strong>' : escapeHtml(ticket.topic)}</td><td>${STATUS_NAMES[ticket.status]}</td><td>${escapeHtml(ticket.email)}</td><td>${ticket.orderReference ? `<code>${escapeHtml(ticket.orderReference)}</code>` : '—'}</td><td>${ticket.createdAt}</td><td>${ticket.updatedAt}</td><td>${deadline(ticket, state.now)}</td></tr>`,
    )
    .join('')
  return shell(
    'Support tickets',
    state.operator,
    `${flashOf(state.flash)}<h2>Support tickets (${tickets.length})</h2><p>${filters}</p>
<p>A complaint's final answer is due by its deadline (the brand's days from its receipt; decision 122). Answer in the ticket, then close it.</p>
<div class="scroll"><table><tr><th>Number</th><th>Topic</th><th>Status</th><th>Customer</th><th>Order</th><th>Opened</th><th>Last activity</th><th>Final answer due</th></tr>${rows}</table></div>`,
  )
}

/** One ticket: its facts, its thread with who answered, its files, every step, and the forms to answer and close. */
export function ticketPage(ticket: OperatorTicket, state: { operator: string; now: Date; flash?: string | undefined }) {
  const messages = ticket.messages
    .map(
      (message) =>
        `<tr><td>${message.at}</td><td>${message.from === 'customer' ? 'Customer' : `Support (${escapeHtml(message.operator ?? '')})`}</td><td style="white-space:pre-wrap">${escapeHtml(message.body)}</td></tr>`,
    )
    .join('')
  const files = ticket.attachments
    .map(
      (file) =>
        `<li><a href="/operator/tickets/${ticket.number}/attachments/${file.id}" download>${escapeHtml(file.fileName)}</a> · ${escapeHtml(file.mediaType)}</li>`,
    )
    .join('')
  const steps = ticket.steps
    .map(
      (step) =>
        `<li>${step.at} · ${escapeHtml(step.step)}${step.operator ? ` · ${escapeHtml(step.operator)}` : ''}</li>`,
    )
    .join('')
  const forms =
    ticket.status === 'closed'
      ? '<p>This ticket is closed.</p>'
      : `<form method="post" action="/operator/tickets/${ticket.number}/reply"><label>Answer (e-mailed to the customer as written)<br><textarea name="message" required minlength="5" maxlength="4000" style="width:100%;height:8em"></textarea></label><p><button>Send the answer</button></p></form>
<form method="post" action="/operator/tickets/${ticket.number}/close"><p><button>Close the ticket</button> (the customer is told; a closed ticket takes no more messages)</p></form>`
  return shell(
    `Ticket ${ticket.number}`,
    state.operator,
    `${flashOf(state.flash)}<p><a href="/operator/tickets">All tickets</a></p><h2>Ticket ${ticket.number}</h2>
<table><tr><th>Topic</th><td>${escapeHtml(ticket.topic)}</td></tr><tr><th>Status</th><td>${STATUS_NAMES[ticket.status]}</td></tr><tr><th>Customer</th><td>${escapeHtml(ticket.email)}</td></tr><tr><th>Order</th><td>${ticket.orderReference ? `<code>${escapeHtml(ticket.orderReference)}</code>` : '—'}</td></tr><tr><th>Opened</th><td>${ticket.createdAt}</td></tr><tr><th>Acknowledged</th><td>${ticket.acknowledgedAt ?? '—'}</td></tr><tr><th>Final answer due</th><td>${deadline(ticket, state.now)}</td></tr><tr><th>Closed</th><td>${ticket.closedAt ?? '—'}</td></tr></table>
<h3>Conversation</h3><div class="scroll"><table><tr><th>When</th><th>From</th><th>Message</th></tr>${messages}</table></div>
<h3>Files</h3>${files ? `<ul>${files}</ul>` : '<p>none sent</p>'}<p>Each file opened is logged.</p>
${forms}<h3>Steps</h3><ul>${steps}</ul>`,
  )
}
