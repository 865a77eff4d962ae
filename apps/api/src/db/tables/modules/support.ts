import { SUPPORT_TOPICS, TICKET_STATUSES, TICKET_STEPS } from '@exchange/shared/support.schemas'
import { bigserial, index, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'
import { customers } from './customers'
import { documents } from './documents'
import { orders } from './orders'

/**
 * A customer's request to the support team (decision 122). `serial` is the ticket's number (shown as T-000123): a
 * sequence, so two requests at once in any number of processes never share one. A complaint has a due date for its
 * final answer, fixed when it is acknowledged.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serial: serial('serial').notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    topic: text('topic', { enum: SUPPORT_TOPICS }).notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    status: text('status', { enum: TICKET_STATUSES }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    responseDueAt: timestamp('response_due_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('support_tickets_customer_idx').on(table.customerId, table.createdAt),
    index('support_tickets_status_idx').on(table.status, table.updatedAt),
  ],
)

/** The thread of a ticket: the customer's messages and the support team's answers (with the operator's name). */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id),
    author: text('author', { enum: ['customer', 'operator'] }).notNull(),
    operator: text('operator'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('support_messages_ticket_idx').on(table.ticketId, table.id)],
)

/** Files the customer sent with a ticket (their `documents` rows); a file belongs to one ticket at most. */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id),
  },
  (table) => [uniqueIndex('support_attachments_document_idx').on(table.documentId)],
)

/** Every step of a ticket with its time and who took it (the operator's name, or null for the customer). */
export const supportTicketSteps = pgTable(
  'support_ticket_steps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id),
    step: text('step', { enum: TICKET_STEPS }).notNull(),
    operator: text('operator'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('support_ticket_steps_ticket_idx').on(table.ticketId, table.id)],
)
