import { FIAT_CURRENCIES } from '@exchange/shared/currencies'
import { index, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { orders } from './orders'

/** Each notification from an outside party is handled once: its id is kept before it is acted on. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** The notice as verified, stored before its effect is decided, so that a failed decision can be taken again. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    /** When its effect was stored; until then a repeat of the notice decides it again instead of answering duplicate. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
)

export const TRANSFER_OUTCOMES = [
  // Stored on arrival, before its outcome is decided: a notice whose decision failed is decided again on its retry.
  'received',
  'matched',
  'overpaid',
  'underpaid',
  'late_awaiting_consent',
  'held_name_mismatch',
  'held_possible_duplicate',
  'refused_below_minimum',
  'unmatched',
  'no_open_order',
  'approved',
  'repriced',
  'refunded',
] as const
export type TransferOutcome = (typeof TRANSFER_OUTCOMES)[number]

/** Money that reached the company's accounts or a virtual IBAN, and what was decided about it. */
export const incomingTransfers = pgTable(
  'incoming_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerTransferId: text('provider_transfer_id').notNull().unique(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    currency: text('currency', { enum: FIAT_CURRENCIES }).notNull(),
    payerName: text('payer_name').notNull(),
    payerIban: text('payer_iban').notNull(),
    paymentReference: text('payment_reference').notNull(),
    creditedIban: text('credited_iban').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    outcome: text('outcome', { enum: TRANSFER_OUTCOMES }).notNull(),
    note: text('note').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
  },
  (table) => [index('incoming_transfers_order_idx').on(table.orderId)],
)
