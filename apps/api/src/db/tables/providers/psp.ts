import { numeric, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'

/** The sandbox card PSP's own record of its hosted checkouts (what a real PSP keeps on its side). */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  id: text('id').primaryKey(),
  orderReference: text('order_reference').notNull(),
  amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
  currency: text('currency').notNull(),
  customerEmail: text('customer_email').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status', { enum: ['open', 'requires_action', 'succeeded', 'failed'] }).notNull(),
  /** Why a failed checkout failed, as the customer reads it; what a status lookup answers. */
  failureReason: text('failure_reason'),
  createdAt: createdAt(),
})
