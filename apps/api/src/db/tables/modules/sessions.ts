import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'
import { customers } from './customers'
import { partnerSessions } from './partners'

export const sessions = pgTable(
  'sessions',
  {
    /** The JWT's `jti`. */
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** When a call last found the session valid, to the minute (decision 121): the account's list of sessions. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** A session opened through a partner's `/mp` entry: bound to that partner and its context. */
    partnerSessionId: uuid('partner_session_id').references(() => partnerSessions.id),
  },
  (table) => [index('sessions_customer_idx').on(table.customerId)],
)
