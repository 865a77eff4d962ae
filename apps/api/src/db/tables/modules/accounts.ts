import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'
import { customers } from './customers'

/** `email_change`: the code sent to the new address of an e-mail change (decision 121). */
export const CODE_PURPOSES = ['verify_email', 'login', 'reset', 'email_change'] as const
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
  // Decision 121: the signed-in account's security changes, and a wrong current password typed for one of them.
  'reauth_failed',
  'password_changed',
  'session_ended',
  'other_sessions_ended',
  'email_change_requested',
  'email_changed',
  'email_change_undone',
  'account_closed',
  // Decision 124: two-factor sign-in. Each of these but `second_factor_failed` is a security change, mailed to the
  // customer.
  'second_factor_enabled',
  'second_factor_disabled',
  'recovery_codes_renewed',
  'recovery_code_used',
  'passkey_added',
  'passkey_removed',
  'second_factor_failed',
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
    // The security changes of a customer's last 24 hours, read before every payout (decision 126).
    index('account_events_customer_idx').on(table.customerId, table.createdAt),
    uniqueIndex('account_events_job_idx').on(table.jobId),
  ],
)

/**
 * Every e-mail change asked for by a signed-in customer (decision 121): pending until the code sent to the new address
 * is typed, then undoable from the old address for 72 hours by a single-use link whose token is kept only as a hash.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** SHA-256 of the undo link's token; set when the change is confirmed. */
    undoTokenHash: text('undo_token_hash'),
    undoUntil: timestamp('undo_until', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (table) => [
    index('email_changes_customer_idx').on(table.customerId, table.requestedAt),
    uniqueIndex('email_changes_undo_token_idx').on(table.undoTokenHash),
  ],
)

/**
 * The customer's authenticator app (decision 124): its TOTP secret sealed with a key of its own (derived from the
 * documents key), pending until a first code confirms it. `lastUsedStep` is the 30-second step of the last code
 * accepted: a code is taken by one conditional update that moves it forward, so a code of that step or an earlier one
 * (a replay, or the same code sent twice at once) is refused.
 */
export const totpFactors = pgTable('totp_factors', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id),
  sealedSecret: text('sealed_secret').notNull(),
  createdAt: createdAt(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
})

/** Ten one-time recovery codes per set, kept as HMACs; a used code keeps its row with `usedAt`. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('recovery_codes_customer_hash_idx').on(table.customerId, table.codeHash)],
)

/** The customer's passkeys (WebAuthn credentials), each with the name they gave it. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The credential id, base64url, as the authenticator made it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('passkeys_credential_idx').on(table.credentialId),
    index('passkeys_customer_idx').on(table.customerId),
  ],
)

export const PASSKEY_CHALLENGE_PURPOSES = ['register', 'sign_in', 'second_factor', 'reauth'] as const
export type PasskeyChallengePurpose = (typeof PASSKEY_CHALLENGE_PURPOSES)[number]

/**
 * A WebAuthn challenge handed to a browser: answered once (`usedAt` set by a conditional update), within five
 * minutes, for its purpose and its customer (none for a passkey sign-in, where the passkey names the customer).
 */
export const passkeyChallenges = pgTable('passkey_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  customerId: uuid('customer_id').references(() => customers.id),
  purpose: text('purpose', { enum: PASSKEY_CHALLENGE_PURPOSES }).notNull(),
  challenge: text('challenge').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})

/**
 * The login's second step (decision 124): a right password (and a new device's e-mailed code) with two-factor sign-in
 * on answers a ticket, kept as a SHA-256 hash, that a second factor turns into a session within ten minutes, once.
 */
export const secondFactorTickets = pgTable(
  'second_factor_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    tokenHash: text('token_hash').notNull(),
    /** The partner's visit the login came through (decision 112): the session started is bound to it. */
    partnerSessionId: uuid('partner_session_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('second_factor_tickets_token_idx').on(table.tokenHash)],
)
