import { numeric, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'

/** The sandbox open-banking provider's own record of payment consents (what a real provider keeps). */
export const sandboxConsents = pgTable('sandbox_consents', {
  id: text('id').primaryKey(),
  orderReference: text('order_reference').notNull(),
  amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
  currency: text('currency').notNull(),
  bankId: text('bank_id').notNull(),
  payerName: text('payer_name').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status', { enum: ['open', 'executed', 'cancelled'] }).notNull(),
  failureReason: text('failure_reason'),
  createdAt: createdAt(),
})
