import { and, asc, eq } from 'drizzle-orm'
import type { TicketDetail, TicketSummary } from '@exchange/shared/support.schemas'
import { ticketNumberOf } from '@exchange/shared/support.schemas'
import type { Database } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import { documents } from '../../db/tables/modules/documents'
import { orders } from '../../db/tables/modules/orders'
import { supportAttachments, supportMessages, supportTickets } from '../../db/tables/modules/support'
import { AppError } from '../../errors'

export type TicketRow = typeof supportTickets.$inferSelect

/** The serial of a ticket number (T-000123 → 123). */
const serialOf = (number: string) => Number(number.slice(2))

/** The columns of a ticket's summary, with its order's reference and its customer's e-mail. */
const SUMMARY = {
  id: supportTickets.id,
  serial: supportTickets.serial,
  customerId: supportTickets.customerId,
  email: customers.email,
  topic: supportTickets.topic,
  status: supportTickets.status,
  orderReference: orders.reference,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  acknowledgedAt: supportTickets.acknowledgedAt,
  responseDueAt: supportTickets.responseDueAt,
  closedAt: supportTickets.closedAt,
}

/** A ticket's row with its order and customer, as the summaries are read. */
export const summaries = (db: Database) =>
  db
    .select(SUMMARY)
    .from(supportTickets)
    .innerJoin(customers, eq(customers.id, supportTickets.customerId))
    .leftJoin(orders, eq(orders.id, supportTickets.orderId))

export type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number]

const iso = (date: Date | null) => (date ? date.toISOString() : null)

export function summaryView(row: SummaryRow): TicketSummary {
  return {
    number: ticketNumberOf(row.serial),
    topic: row.topic,
    status: row.status,
    orderReference: row.orderReference,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    acknowledgedAt: iso(row.acknowledgedAt),
    responseDueAt: iso(row.responseDueAt),
  }
}

/** A ticket by its number, the customer's own when `customerId` is given (another's answers as an unknown one). */
export async function findTicket(db: Database, number: string, customerId?: string): Promise<SummaryRow> {
  const serial = serialOf(number)
  const [row] = await summaries(db).where(
    customerId === undefined
      ? eq(supportTickets.serial, serial)
      : and(eq(supportTickets.serial, serial), eq(supportTickets.customerId, customerId)),
  )
  if (!row) throw new AppError('not_found', 404)
  return row
}

/** The ticket's thread and files; the operators' names stay with the operators. */
export async function threadOf(db: Database, row: SummaryRow): Promise<TicketDetail> {
  const messages = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, row.id))
    .orderBy(asc(supportMessages.id))
  const files = await db
    .select({ id: documents.id, fileName: documents.fileName, mediaType: documents.mediaType })
    .from(supportAttachments)
    .innerJoin(documents, eq(documents.id, supportAttachments.documentId))
    .where(eq(supportAttachments.ticketId, row.id))
    .orderBy(asc(supportAttachments.id))
  return {
    ...summaryView(row),
    messages: messages.map((message) => ({
      from: message.author === 'customer' ? ('customer' as const) : ('support' as const),
      body: message.body,
      at: message.createdAt.toISOString(),
    })),
    attachments: files,
  }
}

/** The ticket's row, held until the transaction ends, so that a reply and a closing never cross. */
export async function lockTicket(tx: Database, id: string): Promise<TicketRow> {
  const [row] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update')
  if (!row) throw new AppError('not_found', 404)
  return row
}
