import { index, numeric, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'

/** The sandbox liquidity provider's own book of market buys, by the client order id each was placed with. */
export const sandboxLiquidityOrders = pgTable(
  'sandbox_liquidity_orders',
  {
    id: text('id').primaryKey(),
    clientOrderId: text('client_order_id').notNull(),
    crypto: text('crypto').notNull(),
    fiat: text('fiat').notNull(),
    cryptoAmount: numeric('crypto_amount', { precision: 30, scale: 10 }).notNull(),
    filledPrice: numeric('filled_price', { precision: 30, scale: 10 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sandbox_liquidity_orders_client_idx').on(table.clientOrderId)],
)
