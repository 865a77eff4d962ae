import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'
import { customers } from './customers'
import { LANGUAGES } from '@exchange/shared/languages'

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
    /** Set when the webhook address answered 410 Gone: nothing more is sent until an operator turns it on again. */
    webhookDisabledAt: timestamp('webhook_disabled_at', { withTimezone: true }),
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

/**
 * The secrets a partner's webhooks and signed returns are signed with (Standard Webhooks, `whsec_…`). Several may be
 * live at once: a rotation adds the next and gives the old one an end (`retiresAt`), and until then both sign, so the
 * partner can move over without a gap. Kept sealed (AES-256-GCM) under the app's key: signing needs the secret itself.
 */
export const partnerWebhookSecrets = pgTable(
  'partner_webhook_secrets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    /** The sealed secret: iv, tag and ciphertext, base64url, dot-separated. */
    sealedSecret: text('sealed_secret').notNull(),
    createdAt: createdAt(),
    /** After this time the secret no longer signs; null: it signs until the next rotation. */
    retiresAt: timestamp('retires_at', { withTimezone: true }),
  },
  (table) => [index('partner_webhook_secrets_partner_idx').on(table.partnerId)],
)

/** What a partner set in the order its customer comes in for; each part is absent when the partner left it open. */
export interface PartnerPrefill {
  fiat?: string
  crypto?: string
  network?: string
  /** A fiat amount as a decimal string, or a crypto amount: never both. */
  fiatAmount?: string
  cryptoAmount?: string
  wallet?: string
}

/**
 * A customer's way in from a partner. The partner's server opens it (`POST /v1/partner/sessions`) and gets a single-use
 * address; `mplogin` claims its token once, from the customer's address, within five minutes, and answers an entry
 * secret that carries the partner's context (return address, prefill) through the customer's visit. Only hashes of the
 * token and of the entry secret are kept.
 */
export const partnerSessions = pgTable(
  'partner_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id),
    /** The API key that opened it. */
    keyId: text('key_id').notNull(),
    /** SHA-256 of the single-use token, hex. */
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    /** The customer's address as the partner saw it; the token is claimed only from it when `bindIp`. */
    customerIp: text('customer_ip').notNull(),
    bindIp: boolean('bind_ip').notNull(),
    prefill: jsonb('prefill').$type<PartnerPrefill>().notNull().default({}),
    /** The customer cannot change what the partner set. */
    locked: boolean('locked').notNull().default(false),
    partnerOrderId: text('partner_order_id'),
    returnUrl: text('return_url').notNull(),
    /** The language the partner asked for (decision 131): a new customer's, and the web's during the visit. */
    language: text('language', { enum: LANGUAGES }),
    createdAt: createdAt(),
    /** The token's end: five minutes after it was made. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedIp: text('claimed_ip'),
    /** SHA-256 of the entry secret `mplogin` answers when it claims the token, hex. */
    entryHash: text('entry_hash'),
    entryExpiresAt: timestamp('entry_expires_at', { withTimezone: true }),
    /** The customer who signed in through it (set at sign-in). */
    customerId: uuid('customer_id').references(() => customers.id),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }),
    /** The customer left (`/logoutmp`) or was sent back: the entry opens nothing more. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('partner_sessions_token_unique').on(table.tokenHash),
    uniqueIndex('partner_sessions_entry_unique').on(table.entryHash),
    index('partner_sessions_partner_idx').on(table.partnerId, table.createdAt),
  ],
)
