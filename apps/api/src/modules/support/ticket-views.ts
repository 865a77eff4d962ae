import { and, asc, desc, eq, ne } from 'drizzle-orm'
import {
  type TicketDetail,
  type TicketStatus,
  type TicketSummary,
  ticketNumberOf,
} from '@exchange/shared/support.schemas'
import {
  supportAttachments,
  supportMessages,
  supportTicketSteps,
  supportTickets,
} from '../../db/tables/modules/support'
import type { SupportDeps } from './support-deps'
import { findTicket, summaries, summaryView, threadOf } from './ticket-rows'

/** The most tickets a list shows. */
const LIST_LIMIT = 200

/** The customer's own tickets, the latest activity first. */
export async function customerTickets({ db }: SupportDeps, customerId: string): Promise<TicketSummary[]> {
  const rows = await summaries(db)
    .where(eq(supportTickets.customerId, customerId))
    .orderBy(desc(supportTickets.updatedAt))
    .limit(LIST_LIMIT)
  return rows.map(summaryView)
}

/** One of the customer's own tickets with its thread; another's answers `not_found`, like an unknown one. */
export async function customerTicket({ db }: SupportDeps, customerId: string, number: string): Promise<TicketDetail> {
  return threadOf(db, await findTicket(db, number, customerId))
}

/** What an operator sees in the list: the summary, the customer's e-mail and when it was closed. */
export interface OperatorTicketSummary extends TicketSummary {
  email: string
  closedAt: string | null
}

/**
 * The tickets for the operators: those still open (or only those of one status), the earliest complaint deadline
 * first, then the longest waiting.
 */
export async function operatorTickets(
  { db }: SupportDeps,
  status: TicketStatus | 'active',
): Promise<OperatorTicketSummary[]> {
  const rows = await summaries(db)
    .where(status === 'active' ? ne(supportTickets.status, 'closed') : eq(supportTickets.status, status))
    .orderBy(asc(supportTickets.responseDueAt), asc(supportTickets.updatedAt))
    .limit(LIST_LIMIT)
  return rows.map((row) => ({ ...summaryView(row), email: row.email, closedAt: row.closedAt?.toISOString() ?? null }))
}

/** A ticket for the operators: the thread with who answered, every step with its time, the files. */
export async function operatorTicket({ db }: SupportDeps, number: string) {
  const row = await findTicket(db, number)
  const detail = await threadOf(db, row)
  const authors = await db
    .select({ operator: supportMessages.operator })
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, row.id))
    .orderBy(asc(supportMessages.id))
  const steps = await db
    .select({ step: supportTicketSteps.step, operator: supportTicketSteps.operator, at: supportTicketSteps.at })
    .from(supportTicketSteps)
    .where(eq(supportTicketSteps.ticketId, row.id))
    .orderBy(asc(supportTicketSteps.id))
  return {
    ...detail,
    email: row.email,
    closedAt: row.closedAt?.toISOString() ?? null,
    messages: detail.messages.map((message, i) => ({ ...message, operator: authors[i]?.operator ?? null })),
    steps: steps.map((step) => ({ ...step, at: step.at.toISOString() })),
  }
}

export type OperatorTicket = Awaited<ReturnType<typeof operatorTicket>>

/** The customer whose file this is, when it is attached to this ticket; undefined otherwise. */
export async function attachmentOwner({ db }: SupportDeps, number: string, documentId: string) {
  const row = await findTicket(db, number)
  const [attached] = await db
    .select({ id: supportAttachments.id })
    .from(supportAttachments)
    .where(and(eq(supportAttachments.ticketId, row.id), eq(supportAttachments.documentId, documentId)))
  return attached ? { customerId: row.customerId, number: ticketNumberOf(row.serial) } : undefined
}
