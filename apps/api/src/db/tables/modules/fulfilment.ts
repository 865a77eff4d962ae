import { sql } from 'drizzle-orm'
import { boolean, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { orders } from './orders'

/** The liquidity provider's fill and the delivery of the coins, one per order. */
export const deliveries = pgTable('deliveries', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id),
  provider: text('provider').notNull(),
  providerOrderId: text('provider_order_id').notNull(),
  filledPrice: numeric('filled_price', { precision: 30, scale: 10 }).notNull(),
  cryptoAmount: numeric('crypto_amount', { precision: 30, scale: 10 }).notNull(),
  txId: text('tx_id'),
  simulated: boolean('simulated').notNull(),
  filledAt: timestamp('filled_at', { withTimezone: true }).notNull(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
})

/** What became of a buy placed under an intent: `placed` until the provider's fill is stored or it is found void. */
export const BUY_INTENT_STATES = ['placed', 'filled', 'void', 'partially_filled'] as const

/**
 * Every buy asked of the liquidity provider, stored before it is asked: its id is the client order id the provider
 * keeps with the buy, so that a run after a crash finds the buy at the provider instead of buying again (decision 031).
 * At most one intent of an order is `placed` at a time.
 */
export const buyIntents = pgTable(
  'buy_intents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    state: text('state', { enum: BUY_INTENT_STATES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('buy_intents_order_idx').on(table.orderId),
    uniqueIndex('buy_intents_one_placed_idx')
      .on(table.orderId)
      .where(sql`${table.state} = 'placed'`),
  ],
)
