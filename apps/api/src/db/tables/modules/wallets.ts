import { WALLET_COINS } from '@exchange/shared/wallets'
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'
import { customers } from './customers'

/** A message the customer signs with a wallet's key; single-use, and it expires. */
export const walletChallenges = pgTable(
  'wallet_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    crypto: text('crypto', { enum: WALLET_COINS }).notNull(),
    address: text('address').notNull(),
    message: text('message').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('wallet_challenges_customer_idx').on(table.customerId, table.createdAt)],
)

/** Wallets a customer has shown to be theirs: by a signed message, or by a declaration where no signature is checked. */
export const walletProofs = pgTable(
  'wallet_proofs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    crypto: text('crypto', { enum: WALLET_COINS }).notNull(),
    /** As typed; EVM addresses are compared in lower case. */
    address: text('address').notNull(),
    method: text('method', { enum: ['signed_message', 'declaration', 'provider_declaration'] }).notNull(),
    /** e.g. eip191, bip137, bip322 (the scheme the signature was checked with). */
    scheme: text('scheme'),
    challengeId: uuid('challenge_id').references(() => walletChallenges.id),
    signature: text('signature'),
    /** The wallet app or custodian the customer named in a declaration. */
    walletProvider: text('wallet_provider'),
    /** A provider declaration's account holder, as the customer declared it (travel rule, decision 084). */
    accountHolder: text('account_holder'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('wallet_proofs_customer_wallet_idx').on(table.customerId, table.crypto, table.address)],
)
