import {
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
