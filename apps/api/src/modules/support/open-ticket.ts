import { and, count, eq, gte, inArray } from 'drizzle-orm'
import {
  type OpenTicketRequest,
  SUPPORT_TICKETS_PER_DAY,
  type TicketDetail,
  ticketNumberOf,
} from '@exchange/shared/support.schemas'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import { customers } from '../../db/tables/modules/customers'
import { documents } from '../../db/tables/modules/documents'
import { orders } from '../../db/tables/modules/orders'
import {
  supportAttachments,
  supportMessages,
  supportTicketSteps,
  supportTickets,
} from '../../db/tables/modules/support'
import { AppError } from '../../errors'
import type { Visitor } from '../../providers/geoip/visitor-country'
import type { SupportDeps } from './support-deps'
import { findTicket, threadOf } from './ticket-rows'

const DAY_MS = 24 * 60 * 60 * 1000

/** A file that is not the customer's own support attachment, or is attached already: the field is named. */
const attachmentRefused = () =>
  new AppError('validation_failed', 400, {
    fields: { attachmentIds: 'Each file must be one you sent for support and not attached to another request' },
  })

/** The customer's own order by its reference; another's answers `order_not_found`, like an unknown one. */
async function ownOrderId(tx: Database, customerId: string, reference: string | undefined) {
  if (reference === undefined) return null
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.reference, reference), eq(orders.customerId, customerId)))
  if (!order) throw new AppError('order_not_found')
  return order.id
}

/** Each file must be the customer's own, sent as a support attachment, and not yet attached to a ticket. */
async function checkAttachments(tx: Database, customerId: string, ids: string[]) {
  if (ids.length === 0) return
  const found = await tx
    .select({ id: documents.id, attached: supportAttachments.id })
    .from(documents)
    .leftJoin(supportAttachments, eq(supportAttachments.documentId, documents.id))
    .where(
      and(
        inArray(documents.id, ids),
        eq(documents.customerId, customerId),
        eq(documents.purpose, 'support_attachment'),
      ),
    )
  if (found.length !== ids.length || found.some((file) => file.attached !== null)) throw attachmentRefused()
}

/**
 * A complaint's due date: the brand's days for UK customers (FCA DISP 1.6.2R) or for the others, from its receipt
 * (decision 122).
 */
async function responseDueAt(deps: SupportDeps, customerId: string, receivedAt: Date, visitor?: Visitor) {
  const days = (await deps.isUkCustomer(customerId, visitor))
    ? deps.brand.complaintResponseDays.uk
    : deps.brand.complaintResponseDays.other
  return new Date(receivedAt.getTime() + days * DAY_MS)
}

/**
 * Opens a ticket: its first message, its files, its steps and its mail (the number; for a complaint, the
 * acknowledgement with its due date) are stored together, or nothing is.
 */
export async function openTicket(
  deps: SupportDeps,
  customerId: string,
  request: Omit<OpenTicketRequest, 'brandName'>,
  visitor?: Visitor,
): Promise<TicketDetail> {
  const now = deps.clock.now()
  const complaint = request.topic === 'complaint'
  const dueAt = complaint ? await responseDueAt(deps, customerId, now, visitor) : null
  try {
    const serial = await deps.db.transaction(async (tx) => {
      // The customer's row is held while counting, so parallel requests cannot pass the day's limit together.
      const [customer] = await tx
        .select({ email: customers.email })
        .from(customers)
        .where(eq(customers.id, customerId))
        .for('update')
      if (!customer) throw new AppError('unauthorized', 401)
      const [today] = await tx
        .select({ n: count() })
        .from(supportTickets)
        .where(
          and(
            eq(supportTickets.customerId, customerId),
            gte(supportTickets.createdAt, new Date(now.getTime() - DAY_MS)),
          ),
        )
      if ((today?.n ?? 0) >= SUPPORT_TICKETS_PER_DAY) throw new AppError('rate_limited', 429)
      const orderId = await ownOrderId(tx, customerId, request.orderReference)
      await checkAttachments(tx, customerId, request.attachmentIds)
      const [ticket] = await tx
        .insert(supportTickets)
        .values({
          customerId,
          topic: request.topic,
          orderId,
          status: 'open',
          acknowledgedAt: complaint ? now : null,
          responseDueAt: dueAt,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: supportTickets.id, serial: supportTickets.serial })
      const ticketId = ticket!.id
      await tx.insert(supportMessages).values({ ticketId, author: 'customer', body: request.message, createdAt: now })
      if (request.attachmentIds.length > 0)
        await tx
          .insert(supportAttachments)
          .values(request.attachmentIds.map((documentId) => ({ ticketId, documentId })))
      await tx
        .insert(supportTicketSteps)
        .values([
          { ticketId, step: 'opened' as const, at: now },
          ...(complaint ? [{ ticketId, step: 'acknowledged' as const, at: now }] : []),
        ])
      const number = ticketNumberOf(ticket!.serial)
      const notice =
        complaint && dueAt
          ? { kind: 'complaint_acknowledged' as const, number, responseDueAt: dueAt }
          : { kind: 'opened' as const, number }
      await deps.mail.sendSupportNotice(customer.email, notice, deps.supportUrl, tx)
      return number
    })
    return threadOf(deps.db, await findTicket(deps.db, serial, customerId))
  } catch (error) {
    // A file attached by a parallel request in the same moment: the unique index decides, the later one is refused.
    if (isUniqueViolation(error)) throw attachmentRefused()
    throw error
  }
}
