import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'

/** How a partner's customers see the exchange: each part left out keeps the exchange's own brand. */
interface PartnerBrandOverrides {
  name?: string
  logoUrl?: string
  primaryColour?: string
}

/** What a partner may set in an order it sends a customer in with; `locked`: the customer cannot change what it set. */
interface PartnerOrderFields {
  fiat: boolean
  coin: boolean
  network: boolean
  amount: boolean
  wallet: boolean
  locked: boolean
}

/**
 * The partners (wallet apps, brokers) that send their customers in through /mp (decision 111): where the customer may
 * be sent back to, which pages may embed the exchange, where their notices go, what they may set in an order.
 */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-case letters, digits and hyphens, 2 to 40: the partner's name in addresses and on the command line. */
    slug: text('slug').notNull(),
    displayName: text('display_name').notNull(),
    brand: jsonb('brand').$type<PartnerBrandOverrides>().notNull().default({}),
    /** https addresses (http only on localhost outside production) the customer may be sent back to. */
    returnUrls: text('return_urls').array().notNull().default([]),
    /** Origins (scheme, host, port) whose pages may embed the exchange. */
    embeddingOrigins: text('embedding_origins').array().notNull().default([]),
    webhookUrl: text('webhook_url'),
    orderFields: jsonb('order_fields').$type<PartnerOrderFields>().notNull(),
    /** A customer's session from this partner answers only from the address it was opened from. */
    bindSessionToIp: boolean('bind_session_to_ip').notNull().default(true),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('partners_slug_unique').on(table.slug)],
)

/**
 * A partner's API keys, several at once so that a key is replaced without a gap. The key is shown once when issued,
 * `hvxp_<keyId>_<secret>`: only the SHA-256 of its secret is kept.
 */
export const partnerApiKeys = pgTable(
  'partner_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    /** The public part of the key, which finds its row. */
    keyId: text('key_id').notNull(),
    /** SHA-256 of the secret part, hex. */
    secretHash: text('secret_hash').notNull(),
    label: text('label').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** IP addresses or CIDR ranges the key is accepted from; empty: from anywhere. */
    allowedSources: text('allowed_sources').array().notNull().default([]),
  },
  (table) => [
    uniqueIndex('partner_api_keys_key_id_unique').on(table.keyId),
    index('partner_api_keys_partner_idx').on(table.partnerId),
  ],
)
