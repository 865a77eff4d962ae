import { bigserial, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'

/** Messages kept by the dev outbox transport; empty when real SMTP is configured. */
export const devOutbox = pgTable('dev_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  template: text('template').notNull(),
  createdAt: createdAt(),
})
