import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { DOCUMENT_MEDIA_TYPES, DOCUMENT_PURPOSES } from '@exchange/shared/documents.schemas'
import { STORED_IDENTITY_STATUSES } from '@exchange/shared/identity.schemas'

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

/**
 * Every change of a customer's legal name, append-only (the database refuses updates and deletes): the payer-name
 * check holds payments soon after one, and support and auditors read the history (decision 028).
 */
export const customerNameChanges = pgTable(
  'customer_name_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Empty when the customer gave a name for the first time. */
    oldFirstName: text('old_first_name'),
    oldLastName: text('old_last_name'),
    newFirstName: text('new_first_name').notNull(),
    newLastName: text('new_last_name').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('customer_name_changes_customer_idx').on(table.customerId, table.changedAt)],
)

/**
 * Every country of residence a customer declared, append-only (the database refuses updates and deletes): a residence
 * in a high-risk country keeps enhanced checks in force after the customer moves, until an operator clears them
 * (decision 081). The customer is who declared it; `declaredAt` is when.
 */
export const customerResidenceChanges = pgTable(
  'customer_residence_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Empty when the customer declared a residence for the first time. */
    oldCountry: text('old_country'),
    newCountry: text('new_country').notNull(),
    declaredAt: timestamp('declared_at', { withTimezone: true }).notNull(),
    /**
     * The country the customer's connection came from when they declared it (null when unknown or declared without a
     * request): in the `residence` UK mode it is the evidence that a declared move away from the UK is true.
     */
    visitorCountry: text('visitor_country'),
  },
  (table) => [index('customer_residence_changes_customer_idx').on(table.customerId, table.declaredAt)],
)

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
    /** Who asked for the code (`ip:…`, decision 074): they may ask again whatever strangers did to the e-mail. */
    requestedBy: text('requested_by'),
    /**
     * The request proved it came from the owner (the right password, or a trusted device of the account): its
     * requester may still try the code while strangers' wrong tries keep the e-mail's codes paused.
     */
    requestedByOwner: boolean('requested_by_owner').notNull().default(false),
  },
  (table) => [index('verification_codes_email_created_idx').on(table.email, table.createdAt)],
)

/**
 * How many codes an e-mail has asked for, per purpose, in the current hour, and when the last one was asked: once for
 * the e-mail (requester `*`) and once per requester (decision 074). Kept for any e-mail, account or not, so the
 * answers of the code-sending calls cannot tell whether an account exists.
 */
export const codeRequestBudgets = pgTable(
  'code_request_budgets',
  {
    email: text('email').notNull(),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    requester: text('requester').notNull().default('*'),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    requests: integer('requests').notNull(),
    lastRequestedAt: timestamp('last_requested_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.email, table.purpose, table.requester] })],
)

/**
 * Code tries of an e-mail across all its codes, in the current day: once for the e-mail (requester `*`) and once per
 * requester (decision 074). A try is taken before the code is compared and given back when it was right, so parallel
 * guesses cannot outrun the budget; an exhausted budget pauses codes, for the requester or for the e-mail.
 */
export const codeTryBudgets = pgTable(
  'code_try_budgets',
  {
    email: text('email').notNull(),
    requester: text('requester').notNull().default('*'),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    tries: integer('tries').notNull(),
    /** The owner is told once per window that codes were paused. */
    ownerNotifiedAt: timestamp('owner_notified_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.email, table.requester] })],
)

/**
 * Failed logins per e-mail and per source (a trusted device of that account, or else the client address): a
 * stranger's failures slow down only that stranger, never the owner on their own device or address.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    email: text('email').notNull(),
    source: text('source').notNull(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    /** On the account's row (source `*`): the owner was told of guesses from many addresses (decision 075). */
    ownerNotifiedAt: timestamp('owner_notified_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.email, table.source] })],
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
  'codes_paused',
  'password_guessing_noticed',
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
    /**
     * The queued job (issue-code) that recorded the event: unique, so a retried job finds its own event and stops
     * before it issues or mails a second code.
     */
    jobId: uuid('job_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('account_events_email_idx').on(table.email, table.createdAt),
    uniqueIndex('account_events_job_idx').on(table.jobId),
  ],
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
    /**
     * While the order is `awaiting_checks`: the journey step its payout waits for, as the customer was last told of it
     * (decision 039). A different step owed later is told again; none is told twice.
     */
    payoutWaitsFor: text('payout_waits_for'),
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
    /** The notice as verified, stored before its effect is decided, so that a failed decision can be taken again. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    /** When its effect was stored; until then a repeat of the notice decides it again instead of answering duplicate. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
)

export const TRANSFER_OUTCOMES = [
  // Stored on arrival, before its outcome is decided: a notice whose decision failed is decided again on its retry.
  'received',
  'matched',
  'overpaid',
  'underpaid',
  'late_awaiting_consent',
  'held_name_mismatch',
  'held_possible_duplicate',
  'refused_below_minimum',
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
  failureReason: text('failure_reason'),
  createdAt: createdAt(),
})

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

export const SANDBOX_NOTICE_PARTIES = ['psp', 'open-banking'] as const
export type SandboxNoticeParty = (typeof SANDBOX_NOTICE_PARTIES)[number]

/**
 * Notices the sandbox card PSP and pay-by-bank send the exchange, kept until the exchange answers 2xx: an unanswered
 * one is sent again with backoff, as Stripe and TrueLayer do.
 */
export const sandboxNotices = pgTable(
  'sandbox_notices',
  {
    id: text('id').primaryKey(),
    party: text('party', { enum: SANDBOX_NOTICE_PARTIES }).notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'abandoned'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastAnswerStatus: integer('last_answer_status'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [index('sandbox_notices_due_idx').on(table.status, table.nextAttemptAt)],
)

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

/** Raw bytes: encrypted document contents, kept in the database so every api process reads the same files. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})

export type IdentityStatus = (typeof STORED_IDENTITY_STATUSES)[number]

/**
 * One identity check per customer and provider: the provider's applicant, its latest status and reasons. The
 * identity module owns it; its status changes only with a row in `identity_events`.
 */
export const identityChecks = pgTable(
  'identity_checks',
  {
    /** Also the external user id the provider knows the applicant by: opaque, and stable across new links. */
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    provider: text('provider').notNull(),
    applicantId: text('applicant_id'),
    status: text('status', { enum: STORED_IDENTITY_STATUSES }).notNull(),
    /** The provider's reason codes (e.g. rejection labels), for operators. */
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    /** Words the provider wrote for the customer (what to fix); never its private comment. */
    customerMessage: text('customer_message'),
    /** Time of the provider's latest notice applied: an older notice arriving late changes nothing. */
    providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The operator who decided a check left for manual review; null when the provider decided (decision 042). */
    decidedBy: text('decided_by'),
    /**
     * The name on the verified document, as the provider read it, stored when the check is approved (decision 090):
     * the name the payer-name check compares transfers with, frozen with the approval.
     */
    verifiedFirstName: text('verified_first_name'),
    verifiedLastName: text('verified_last_name'),
  },
  (table) => [
    uniqueIndex('identity_checks_customer_provider_idx').on(table.customerId, table.provider),
    uniqueIndex('identity_checks_applicant_idx').on(table.provider, table.applicantId),
  ],
)

/** Append-only trail of every identity check: links issued, each provider notice, each status change. */
export const identityEvents = pgTable(
  'identity_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    checkId: uuid('check_id')
      .notNull()
      .references(() => identityChecks.id),
    type: text('type', {
      enum: [
        'link_issued',
        'notice_applied',
        'notice_stale',
        'operator_decision',
        'notice_after_operator',
        'approval_held_for_name',
      ],
    }).notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    /** Provider and digest of the notice: a notice delivered twice is recorded, and acted on, once. */
    noticeKey: text('notice_key').unique(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [index('identity_events_check_idx').on(table.checkId, table.id)],
)

/** The sandbox identity provider's own record of its applicants (what a real provider keeps on its side). */
export const sandboxIdvApplicants = pgTable('sandbox_idv_applicants', {
  id: text('id').primaryKey(),
  externalUserId: text('external_user_id').notNull().unique(),
  email: text('email').notNull(),
  returnUrl: text('return_url').notNull(),
  lastOutcome: text('last_outcome'),
  /** The name the exchange declared when it created the applicant (a real provider's "fixed info"). */
  declaredFirstName: text('declared_first_name'),
  declaredLastName: text('declared_last_name'),
  /** The name the tester confirmed as printed on the document, which the applicant's data then answers. */
  documentFirstName: text('document_first_name'),
  documentLastName: text('document_last_name'),
  createdAt: createdAt(),
})

/** Files a customer sent, encrypted with AES-256-GCM; only the documents module reads or writes them. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    purpose: text('purpose', { enum: DOCUMENT_PURPOSES }).notNull(),
    /** Decided from the file's first bytes, never from its name or the browser's claim. */
    mediaType: text('media_type', { enum: DOCUMENT_MEDIA_TYPES }).notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** SHA-256 of the plain file, so an operator can show that what is read back is what was sent. */
    sha256: text('sha256').notNull(),
    /** Which key encrypted it (a digest of the key, never the key), so a wrong or rotated key is noticed. */
    keyId: text('key_id').notNull(),
    iv: bytea('iv').notNull(),
    authTag: bytea('auth_tag').notNull(),
    ciphertext: bytea('ciphertext').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('documents_customer_idx').on(table.customerId, table.createdAt)],
)

/**
 * An operator's review of a customer's proof of address, append-only; at most one per file (the unique index), so two
 * operators at once cannot both decide it. An accepted proof sent after a declaration of residence is evidence of that
 * residence in the `residence` UK mode (decision 091). Who, when and why are the log.
 */
export const documentReviews = pgTable(
  'document_reviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id),
    decision: text('decision', { enum: ['accepted', 'rejected'] }).notNull(),
    operator: text('operator').notNull(),
    reason: text('reason').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('document_reviews_document_idx').on(table.documentId)],
)

/** A message the customer signs with a wallet's key; single-use, and it expires. */
export const walletChallenges = pgTable(
  'wallet_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    crypto: text('crypto').notNull(),
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
    crypto: text('crypto').notNull(),
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

/**
 * Source-of-funds answers (`sof`), append-only (the database refuses updates and deletes): a change is a new row, the
 * newest row counts. Each row keeps the version of the question texts it answered (decision 037).
 */
export const sourceOfFundsAnswers = pgTable(
  'source_of_funds_answers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    questionsVersion: text('questions_version').notNull(),
    /** The beneficial-owner declaration exactly as the customer confirmed it, warning included. */
    beneficialOwnerDeclaration: text('beneficial_owner_declaration').notNull(),
    employmentStatus: text('employment_status').notNull(),
    occupation: text('occupation').notNull(),
    incomeBand: text('income_band').notNull(),
    fundsOrigin: text('funds_origin').notNull(),
    fundsOriginDetails: text('funds_origin_details'),
    purpose: text('purpose').notNull(),
    purposeDetails: text('purpose_details'),
    expectedYearlyVolume: text('expected_yearly_volume').notNull(),
    politicallyExposed: boolean('politically_exposed').notNull(),
    highRiskCountryTies: boolean('high_risk_country_ties').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('source_of_funds_answers_customer_idx').on(table.customerId, table.id)],
)

/** Enhanced-checks questionnaire answers (`quest`), append-only like `source_of_funds_answers`; each one waits for a person. */
export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    questionsVersion: text('questions_version').notNull(),
    politicallyExposed: boolean('politically_exposed').notNull(),
    pepDetails: text('pep_details'),
    highRiskCountryTies: boolean('high_risk_country_ties').notNull(),
    highRiskCountries: jsonb('high_risk_countries').$type<string[]>().notNull(),
    highRiskDetails: text('high_risk_details'),
    sourceOfWealth: text('source_of_wealth').notNull(),
    sourceOfWealthDetails: text('source_of_wealth_details').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('questionnaire_answers_customer_idx').on(table.customerId, table.id)],
)

/**
 * An operator's decision on one questionnaire answer, append-only; at most one per answer (the unique index), so two
 * operators deciding at once cannot both decide. Who, when and why are the log.
 */
export const enhancedCheckDecisions = pgTable(
  'enhanced_check_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    questionnaireId: bigint('questionnaire_id', { mode: 'number' })
      .notNull()
      .references(() => questionnaireAnswers.id),
    decision: text('decision', { enum: ['approved', 'rejected'] }).notNull(),
    operator: text('operator').notNull(),
    reason: text('reason').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('enhanced_check_decisions_questionnaire_idx').on(table.questionnaireId),
    index('enhanced_check_decisions_customer_idx').on(table.customerId),
  ],
)

export const schema = {
  buyIntents,
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
  customerNameChanges,
  customerResidenceChanges,
  sandboxLiquidityOrders,
  sandboxNotices,
  identityChecks,
  identityEvents,
  sandboxIdvApplicants,
  documents,
  documentReviews,
  walletChallenges,
  walletProofs,
  sourceOfFundsAnswers,
  questionnaireAnswers,
  enhancedCheckDecisions,
}

/**
 * The UK steps before the first purchase (uk-regulation.md section 3, decision 041). Every table is append-only (the
 * database refuses updates and deletes): a new choice, statement or attempt is a new row, and the newest one counts.
 */

/** The personalised risk warning (`prk`): the name shown, the text version, the choice and whether the summary was read. */
export const ukRiskWarningDecisions = pgTable(
  'uk_risk_warning_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    textVersion: text('text_version').notNull(),
    nameShown: text('name_shown').notNull(),
    choice: text('choice', { enum: ['continue', 'leave'] }).notNull(),
    summaryOpened: boolean('summary_opened').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('uk_risk_warning_decisions_customer_idx').on(table.customerId, table.id)],
)

/** The start of the 24-hour cooling-off: the customer's first request to buy, once per customer (the unique index). */
export const ukCoolingOffStarts = pgTable(
  'uk_cooling_off_starts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('uk_cooling_off_starts_customer_idx').on(table.customerId)],
)

/** "Continue or leave" once the cooling-off is over. */
export const ukCoolingOffDecisions = pgTable(
  'uk_cooling_off_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    textVersion: text('text_version').notNull(),
    choice: text('choice', { enum: ['continue', 'leave'] }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('uk_cooling_off_decisions_customer_idx').on(table.customerId, table.id)],
)

/** Signed categorisation statements (`prst`), qualifying or not; a qualifying one is valid until `valid_until`. */
export const ukCategorisations = pgTable(
  'uk_categorisations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    textVersion: text('text_version').notNull(),
    category: text('category', { enum: ['restricted', 'high_net_worth', 'certified_sophisticated'] }).notNull(),
    /** The statement's answers as given (yes/no per question; firm and certificate date for a sophisticated investor). */
    answers: jsonb('answers').$type<Record<string, boolean | string>>().notNull(),
    qualified: boolean('qualified').notNull(),
    /** The full name the customer typed, and the name the api knew when they signed. */
    signature: text('signature').notNull(),
    nameOnRecord: text('name_on_record').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
  },
  (table) => [index('uk_categorisations_customer_idx').on(table.customerId, table.id)],
)

/**
 * Appropriateness assessment attempts (`prquest`): the set, every question as asked with the answer given, the score,
 * the outcome, the attempt number per asset type (unique, so one attempt cannot be stored twice) and any lock.
 */
export const ukAssessmentAttempts = pgTable(
  'uk_assessment_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    assetType: text('asset_type').notNull(),
    questionsVersion: text('questions_version').notNull(),
    setId: text('set_id').notNull(),
    attempt: integer('attempt').notNull(),
    questions: jsonb('questions')
      .$type<
        {
          id: string
          topic: string
          text: string
          options: { id: string; text: string }[]
          correct: string
          answer: string
        }[]
      >()
      .notNull(),
    score: integer('score').notNull(),
    passMark: integer('pass_mark').notNull(),
    passed: boolean('passed').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [uniqueIndex('uk_assessment_attempts_attempt_idx').on(table.customerId, table.assetType, table.attempt)],
)

/**
 * The customer agreement (decision 044). A signing request is one envelope at the e-signature provider for one
 * version of the agreement; its status changes only with a verified provider notice, recorded in `agreement_events`.
 */
export const agreementSignings = pgTable(
  'agreement_signings',
  {
    /** Also the id the provider is given for the signer (DocuSign's clientUserId): opaque and stable. */
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    provider: text('provider').notNull(),
    agreementVersion: text('agreement_version').notNull(),
    envelopeId: text('envelope_id'),
    status: text('status', { enum: ['sent', 'signed', 'declined'] }).notNull(),
    signerName: text('signer_name').notNull(),
    /** The order the customer named when starting the signature (spec: `startDocusign(orderReference)`), if any. */
    orderReference: text('order_reference'),
    /** Address the signing was started from; the signer's own address when the provider reports it. */
    requestIp: text('request_ip').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('agreement_signings_envelope_idx').on(table.provider, table.envelopeId),
    index('agreement_signings_customer_idx').on(table.customerId, table.agreementVersion),
  ],
)

/** Append-only trail of each signing: envelopes created, signing links issued, each provider notice applied. */
export const agreementEvents = pgTable(
  'agreement_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    signingId: uuid('signing_id')
      .notNull()
      .references(() => agreementSignings.id),
    type: text('type', { enum: ['envelope_created', 'link_issued', 'notice_applied', 'notice_ignored'] }).notNull(),
    /** Provider and event id (or digest) of a notice: a notice delivered twice is recorded, and acted on, once. */
    noticeKey: text('notice_key').unique(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [index('agreement_events_signing_idx').on(table.signingId, table.id)],
)

/**
 * Every agreement a customer signed, append-only (the database refuses updates and deletes): the version, when, from
 * which address, the provider's envelope, the name signed with, and the signed document (DocuSign's PDF, or the
 * sandbox's signed record) encrypted with the documents key (decision 030).
 */
export const signedAgreements = pgTable(
  'signed_agreements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    signingId: uuid('signing_id')
      .notNull()
      .references(() => agreementSignings.id),
    agreementVersion: text('agreement_version').notNull(),
    provider: text('provider').notNull(),
    envelopeId: text('envelope_id').notNull(),
    signerName: text('signer_name').notNull(),
    signerIp: text('signer_ip').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    mediaType: text('media_type').notNull(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    keyId: text('key_id').notNull(),
    iv: bytea('iv').notNull(),
    authTag: bytea('auth_tag').notNull(),
    ciphertext: bytea('ciphertext').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('signed_agreements_signing_idx').on(table.signingId),
    index('signed_agreements_customer_idx').on(table.customerId, table.agreementVersion),
  ],
)

/** The sandbox e-signature provider's own record of its envelopes (what a real provider keeps on its side). */
export const sandboxEsignEnvelopes = pgTable('sandbox_esign_envelopes', {
  id: text('id').primaryKey(),
  clientUserId: text('client_user_id').notNull(),
  email: text('email').notNull(),
  signerName: text('signer_name').notNull(),
  agreementVersion: text('agreement_version').notNull(),
  documentText: text('document_text').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status', { enum: ['sent', 'completed', 'declined'] }).notNull(),
  signedName: text('signed_name'),
  signerIp: text('signer_ip'),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: createdAt(),
})

/**
 * The calls sent with an Idempotency-Key (decision 092), each kept for at least a day: the key is taken in the
 * transaction of the call's effect and the first request's outcome is kept with it, so that a retry, in any process,
 * answers that outcome and takes no effect of its own. The request's body is kept only as a keyed digest (a sign-up's
 * carries a password).
 */
export const requestKeys = pgTable(
  'request_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The route, e.g. `/v1/user/orderInitiateBuy`: a key names one action of one call. */
    call: text('call').notNull(),
    /** The signed-in customer who sent it; none on a public call (sign-up), where the key alone names the action. */
    customerId: uuid('customer_id').references(() => customers.id),
    key: text('key').notNull(),
    /** HMAC-SHA256 of the request's body: a retry must send the same body. */
    bodyDigest: text('body_digest').notNull(),
    /** The first request's outcome, from which the route makes the same answer again; set in the same transaction. */
    outcome: jsonb('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('request_keys_call_customer_key_unique').on(table.call, table.customerId, table.key).nullsNotDistinct(),
    index('request_keys_created_idx').on(table.createdAt),
  ],
)
