import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Trimmed and lower-cased at the door, so the unique index is the only duplicate check needed. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** The sign-up token (`az`) the customer arrived with: the partner or campaign that brought them. */
  affiliateToken: text('affiliate_token').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  address: text('address'),
  city: text('city'),
  postal: text('postal'),
  /** ISO 3166-1 alpha-2, from the allowed-countries list. */
  country: text('country'),
  phone: text('phone'),
  detailsUpdatedAt: timestamp('details_updated_at', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  createdAt: createdAt(),
})

export const CODE_PURPOSES = ['verify_email', 'login', 'reset'] as const
export type CodePurpose = (typeof CODE_PURPOSES)[number]

/** Every code ever issued stays as a row: the hourly cap counts them and operators can read the trail. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    /** HMAC of the code under a server key: five digits are too few to survive a plain hash. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (table) => [index('verification_codes_email_created_idx').on(table.email, table.createdAt)],
)

export const sessions = pgTable(
  'sessions',
  {
    /** The JWT's `jti`. */
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_customer_idx').on(table.customerId)],
)

/** Browsers that proved access to the mailbox; a login from any other one asks for an e-mailed code. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
  },
  (table) => [uniqueIndex('trusted_devices_token_idx').on(table.tokenHash)],
)

export const ACCOUNT_EVENT_TYPES = [
  'signed_up',
  'code_sent',
  'email_verified',
  'login_succeeded',
  'login_failed',
  'login_code_required',
  'code_failed',
  'password_reset_requested',
  'password_reset_completed',
  'logged_out',
] as const
export type AccountEventType = (typeof ACCOUNT_EVENT_TYPES)[number]

/** Append-only trail of what happened to an account, for the customer's support case and for auditors. */
export const accountEvents = pgTable(
  'account_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id').references(() => customers.id),
    email: text('email').notNull(),
    type: text('type', { enum: ACCOUNT_EVENT_TYPES }).notNull(),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [index('account_events_email_idx').on(table.email, table.createdAt)],
)

/** Messages kept by the dev outbox transport; empty when real SMTP is configured. */
export const devOutbox = pgTable('dev_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  template: text('template').notNull(),
  createdAt: createdAt(),
})

/** The latest mid price of each pair, refreshed by the rates job; requests read it and never wait on the source. */
export const rates = pgTable(
  'rates',
  {
    crypto: text('crypto').notNull(),
    fiat: text('fiat').notNull(),
    mid: numeric('mid', { precision: 30, scale: 10 }).notNull(),
    source: text('source').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.crypto, table.fiat] })],
)

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    tranId: text('tran_id').notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    status: text('status').notNull(),
    orderType: text('order_type').notNull().default('buy'),
    fiat: text('fiat').notNull(),
    crypto: text('crypto').notNull(),
    fiatAmount: numeric('fiat_amount', { precision: 20, scale: 2 }).notNull(),
    fee: numeric('fee', { precision: 20, scale: 2 }).notNull(),
    netFiat: numeric('net_fiat', { precision: 20, scale: 2 }).notNull(),
    cryptoAmount: numeric('crypto_amount', { precision: 30, scale: 10 }).notNull(),
    /** The price the order fixed, kept apart: mid, our spread and fee, and the customer rate. */
    midRate: numeric('mid_rate', { precision: 30, scale: 10 }).notNull(),
    spreadBps: integer('spread_bps').notNull(),
    feeBps: integer('fee_bps').notNull(),
    customerRate: numeric('customer_rate', { precision: 30, scale: 10 }).notNull(),
    rateSource: text('rate_source').notNull(),
    rateFetchedAt: timestamp('rate_fetched_at', { withTimezone: true }).notNull(),
    wallet: text('wallet').notNull(),
    affiliateToken: text('affiliate_token').notNull(),
    methodGroup: text('method_group'),
    methodOption: text('method_option'),
    priceExpiresAt: timestamp('price_expires_at', { withTimezone: true }).notNull(),
    createdMailSentAt: timestamp('created_mail_sent_at', { withTimezone: true }),
    /** One settlement run at a time per order: a run holds the order until this time (a crashed run's hold lapses). */
    settlementLeaseUntil: timestamp('settlement_lease_until', { withTimezone: true }),
    /** Set before coins are withdrawn to the customer: a withdrawal whose outcome is unknown is never sent twice. */
    withdrawalRequestedAt: timestamp('withdrawal_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_customer_created_idx').on(table.customerId, table.createdAt),
    index('orders_status_expiry_idx').on(table.status, table.priceExpiresAt),
  ],
)

/** Every status change of an order, with time and cause; the history's timeline reads it. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    cause: text('cause').notNull(),
    actor: text('actor', { enum: ['customer', 'system', 'operator'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.id)],
)

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
export const PAYMENT_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed'] as const

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
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payments_order_idx').on(table.orderId)],
)

/** Each notification from an outside party is handled once: its id is kept before it is acted on. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
)

export const TRANSFER_OUTCOMES = [
  'matched',
  'overpaid',
  'underpaid',
  'late_awaiting_consent',
  'held_name_mismatch',
  'unmatched',
  'no_open_order',
  'approved',
  'repriced',
  'refunded',
] as const
export type TransferOutcome = (typeof TRANSFER_OUTCOMES)[number]

/** Money that reached the company's accounts or a virtual IBAN, and what was decided about it. */
export const incomingTransfers = pgTable(
  'incoming_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerTransferId: text('provider_transfer_id').notNull().unique(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    payerName: text('payer_name').notNull(),
    payerIban: text('payer_iban').notNull(),
    paymentReference: text('payment_reference').notNull(),
    creditedIban: text('credited_iban').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    outcome: text('outcome', { enum: TRANSFER_OUTCOMES }).notNull(),
    note: text('note').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
  },
  (table) => [index('incoming_transfers_order_idx').on(table.orderId)],
)

/** Money owed back: every refund has a reason and says who decided it. */
export const refunds = pgTable('refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').references(() => orders.id),
  transferId: uuid('transfer_id').references(() => incomingTransfers.id),
  amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
  currency: text('currency').notNull(),
  toIban: text('to_iban'),
  reason: text('reason').notNull(),
  status: text('status', { enum: ['pending', 'sent'] }).notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: createdAt(),
})

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

/** The sandbox card PSP's own record of its hosted checkouts (what a real PSP keeps on its side). */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  id: text('id').primaryKey(),
  orderReference: text('order_reference').notNull(),
  amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
  currency: text('currency').notNull(),
  customerEmail: text('customer_email').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status', { enum: ['open', 'requires_action', 'succeeded', 'failed'] }).notNull(),
  createdAt: createdAt(),
})

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
  createdAt: createdAt(),
})

/** Who did what, when: every operator action, for the audit trail. */
export const operatorActions = pgTable('operator_actions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  operator: text('operator').notNull(),
  action: text('action').notNull(),
  orderId: uuid('order_id').references(() => orders.id),
  transferId: uuid('transfer_id').references(() => incomingTransfers.id),
  detail: jsonb('detail').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
})

export const schema = {
  customers,
  verificationCodes,
  sessions,
  trustedDevices,
  accountEvents,
  devOutbox,
  rates,
  orders,
  orderEvents,
  virtualIbans,
  payments,
  webhookEvents,
  incomingTransfers,
  refunds,
  deliveries,
  sandboxCheckouts,
  operatorActions,
  sandboxConsents,
}
