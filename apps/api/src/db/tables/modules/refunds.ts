import { FIAT_CURRENCIES } from '@exchange/shared/currencies'
import { numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'
import { incomingTransfers } from './intake'
import { orders } from './orders'

/** Money owed back: every refund has a reason and says who decided it. */
export const refunds = pgTable('refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').references(() => orders.id),
  transferId: uuid('transfer_id').references(() => incomingTransfers.id),
  amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
  currency: text('currency', { enum: FIAT_CURRENCIES }).notNull(),
  toIban: text('to_iban'),
  reason: text('reason').notNull(),
  status: text('status', { enum: ['pending', 'sent'] }).notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: createdAt(),
})
