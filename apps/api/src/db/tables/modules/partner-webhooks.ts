import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'
import { orders } from './orders'
import { partners } from './partners'

/**
 * The notices owed to partners (Standard Webhooks): written in the same transaction as what they tell, delivered at
 * least once, in order per order, retried with growing waits for at least 72 hours. The row is the durable state of
 * its delivery: the next try, the tries so far, a lease while a process is sending it.
 */
export const partnerWebhookEvents = pgTable(
  'partner_webhook_events',
  {
    /** Also the `webhook-id` (`msg_` and this id): a partner drops a notice it has seen by it. */
    id: uuid('id').primaryKey().defaultRandom(),
    /** Order of writing: notices of one order are delivered in this order. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    orderId: uuid('order_id').references(() => orders.id),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** A process is sending it until then; a process that died mid-send lets it go when this passes. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Tried for the whole retry window without success, or the endpoint answered 410: an operator may send it again. */
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
  },
  (table) => [
    index('partner_webhook_events_due_idx').on(table.nextAttemptAt),
    index('partner_webhook_events_order_idx').on(table.orderId, table.seq),
    index('partner_webhook_events_partner_idx').on(table.partnerId, table.seq),
  ],
)

/** Every try to deliver a notice: when, how long, the answer's status or the error, and whether a person asked it. */
export const partnerWebhookAttempts = pgTable(
  'partner_webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => partnerWebhookEvents.id),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    /** Sent again by an operator ("send again"), outside the schedule. */
    manual: boolean('manual').notNull().default(false),
  },
  (table) => [index('partner_webhook_attempts_event_idx').on(table.eventId, table.id)],
)
