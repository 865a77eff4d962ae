import { FIAT_CURRENCIES } from '@exchange/shared/currencies'
import { index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'
import { customers } from './customers'
import { orders } from './orders'

/** One virtual IBAN per customer, issued on first use by the bank partner; money sent to it is theirs. */
export const virtualIbans = pgTable('virtual_ibans', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id),
  iban: text('iban').notNull().unique(),
  bic: text('bic').notNull(),
  holder: text('holder').notNull(),
  bankName: text('bank_name').notNull(),
  bankAddress: text('bank_address').notNull(),
  provider: text('provider').notNull(),
  createdAt: createdAt(),
})

export const PAYMENT_METHODS = ['card', 'pay_by_bank', 'wire', 'viban'] as const
export const PAYMENT_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed', 'cancelled'] as const

/** A way the customer is paying one order; the order's status follows what the payment side confirms. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    provider: text('provider').notNull(),
    /** The bank option (tlId) or the provider's session id. */
    providerRef: text('provider_ref'),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    currency: text('currency', { enum: FIAT_CURRENCIES }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payments_order_idx').on(table.orderId)],
)
