import { bigserial, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { customers } from './customers'

/**
 * The web's error log (decision 120): caught exceptions and failed calls, scrubbed of tokens, passwords, codes and
 * e-mail addresses before they are written. Bounded: each insert deletes the rows more than ERROR_LOG_MAX_ENTRIES
 * behind the newest `seq`. Each row is forwarded to ERROR_LOG_WEBHOOK_URL by a `forward-error` job, when one is set.
 */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: the cap counts back from the newest. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** `failed_call`, `render`, `error`, `unhandledrejection` (ERROR_SOURCES of the shared schema). */
    source: text('source').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    path: text('path'),
    call: text('call'),
    error: text('error'),
    /** The signed-in customer who sent it, when a valid session came with the report. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** When the webhook took it (2xx); null while it is being tried, or when no webhook is set. */
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
    /** Tries made to forward it. */
    forwardTries: smallint('forward_tries').notNull().default(0),
  },
  (table) => [index('client_errors_created_idx').on(table.createdAt)],
)
