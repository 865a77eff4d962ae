import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const SANDBOX_NOTICE_PARTIES = ['psp', 'open-banking'] as const
export type SandboxNoticeParty = (typeof SANDBOX_NOTICE_PARTIES)[number]

/**
 * Notices the sandbox card PSP and pay-by-bank send the exchange, kept until the exchange answers 2xx: an unanswered
 * one is sent again with backoff, as Stripe and TrueLayer do.
 */
export const sandboxNotices = pgTable(
  'sandbox_notices',
  {
    id: text('id').primaryKey(),
    party: text('party', { enum: SANDBOX_NOTICE_PARTIES }).notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'abandoned'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastAnswerStatus: integer('last_answer_status'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [index('sandbox_notices_due_idx').on(table.status, table.nextAttemptAt)],
)
