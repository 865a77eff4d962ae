import { eq } from 'drizzle-orm'
import { SUPPORT_MESSAGES_PER_TICKET, type TicketDetail, ticketNumberOf } from '@exchange/shared/support.schemas'
import { count } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { supportMessages, supportTicketSteps, supportTickets } from '../../db/tables/modules/support'
import { AppError } from '../../errors'
import type { SupportDeps } from './support-deps'
import { type SummaryRow, type TicketRow, findTicket, lockTicket, threadOf } from './ticket-rows'

/** What an operator's action leaves in the operators' log, in the action's transaction (operator module). */
export type AuditStep = (tx: Database, ticket: { id: string; number: string; customerId: string }) => Promise<void>

/** Adds a message under the ticket's lock; a closed ticket takes none, a full one neither. */
async function addMessage(
  tx: Database,
  ticket: TicketRow,
  message: { author: 'customer' | 'operator'; operator: string | null; body: string; at: Date },
) {
  if (ticket.status === 'closed') throw new AppError('transition_not_allowed', 409)
  const [held] = await tx.select({ n: count() }).from(supportMessages).where(eq(supportMessages.ticketId, ticket.id))
  if ((held?.n ?? 0) >= SUPPORT_MESSAGES_PER_TICKET) throw new AppError('rate_limited', 429)
  await tx.insert(supportMessages).values({
    ticketId: ticket.id,
    author: message.author,
    operator: message.operator,
    body: message.body,
    createdAt: message.at,
  })
  await tx
    .update(supportTickets)
    .set({ status: message.author === 'customer' ? 'open' : 'answered', updatedAt: message.at })
    .where(eq(supportTickets.id, ticket.id))
  await tx.insert(supportTicketSteps).values({
    ticketId: ticket.id,
    step: message.author === 'customer' ? 'customer_replied' : 'operator_replied',
    operator: message.operator,
    at: message.at,
  })
}

/** The customer answers in their own ticket; the ticket waits for the support team again. */
export async function customerReply(
  deps: SupportDeps,
  customerId: string,
  number: string,
  body: string,
): Promise<TicketDetail> {
  const found = await findTicket(deps.db, number, customerId)
  await deps.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, found.id)
    await addMessage(tx, ticket, { author: 'customer', operator: null, body, at: deps.clock.now() })
  })
  return threadOf(deps.db, await findTicket(deps.db, number, customerId))
}

const auditOf = (row: SummaryRow) => ({ id: row.id, number: ticketNumberOf(row.serial), customerId: row.customerId })

/** An operator answers: the message, the step, the operators' log and the customer's mail, all or nothing. */
export async function operatorReply(
  deps: SupportDeps,
  operator: string,
  number: string,
  body: string,
  audit: AuditStep,
): Promise<void> {
  const found = await findTicket(deps.db, number)
  await deps.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, found.id)
    await addMessage(tx, ticket, { author: 'operator', operator, body, at: deps.clock.now() })
    await audit(tx, auditOf(found))
    await deps.mail.sendSupportNotice(
      found.email,
      { kind: 'replied', number: ticketNumberOf(found.serial), reply: body },
      deps.supportUrl,
      tx,
    )
  })
}

/** An operator closes a ticket (a complaint's final answer given): the step, the log and the customer's mail. */
export async function closeTicket(deps: SupportDeps, operator: string, number: string, audit: AuditStep) {
  const found = await findTicket(deps.db, number)
  await deps.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, found.id)
    if (ticket.status === 'closed') throw new AppError('transition_not_allowed', 409)
    const now = deps.clock.now()
    await tx
      .update(supportTickets)
      .set({ status: 'closed', closedAt: now, updatedAt: now })
      .where(eq(supportTickets.id, ticket.id))
    await tx.insert(supportTicketSteps).values({ ticketId: ticket.id, step: 'closed', operator, at: now })
    await audit(tx, auditOf(found))
    await deps.mail.sendSupportNotice(
      found.email,
      { kind: 'closed', number: ticketNumberOf(found.serial) },
      deps.supportUrl,
      tx,
    )
  })
}
