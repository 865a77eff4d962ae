import { CRYPTO_CURRENCIES, FIAT_CURRENCIES } from '@exchange/shared/currencies'
import { numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/** The latest mid price of each pair, refreshed by the rates job; requests read it and never wait on the source. */
export const rates = pgTable(
  'rates',
  {
    crypto: text('crypto', { enum: CRYPTO_CURRENCIES }).notNull(),
    fiat: text('fiat', { enum: FIAT_CURRENCIES }).notNull(),
    mid: numeric('mid', { precision: 30, scale: 10 }).notNull(),
    source: text('source').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.crypto, table.fiat] })],
)
