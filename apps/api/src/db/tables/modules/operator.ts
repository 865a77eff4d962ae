import { sql } from 'drizzle-orm'
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'
import { customers } from './customers'
import { incomingTransfers } from './intake'
import { orders } from './orders'

/** What an operator may do (decision 127): each role opens its own actions; an operator holds one or more. */
export const OPERATOR_ROLES = ['support', 'compliance', 'finance', 'admin'] as const
export type OperatorRole = (typeof OPERATOR_ROLES)[number]

/** The people of the back office (decision 127): each with their own login name, password, roles and second factor. */
export const operatorAccounts = pgTable(
  'operator_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the operator signs in with; shown to operators, never to customers ("our team"). */
    loginName: text('login_name').notNull(),
    /** argon2id, as the customers' passwords (modules/accounts/passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    roles: text('roles', { enum: OPERATOR_ROLES }).array().notNull(),
    createdAt: createdAt(),
    /** The admin who made the account; null for the first admin, made from the command line. */
    createdBy: uuid('created_by'),
    /** A disabled operator cannot sign in, and their sessions end. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('operator_accounts_login_name_idx').on(table.loginName)],
)

/** An operator's authenticator app (the customers' TOTP code, decision 124): confirmed by a first code. */
export const operatorTotpFactors = pgTable('operator_totp_factors', {
  operatorId: uuid('operator_id')
    .primaryKey()
    .references(() => operatorAccounts.id),
  sealedSecret: text('sealed_secret').notNull(),
  createdAt: createdAt(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
})

/**
 * An operator's session (decision 127): the cookie holds a random token, the row its SHA-256. `password` is the step
 * between the password and the second factor (it opens the code or the enrolment, nothing else); `signed_in` opens the
 * pages of the operator's roles. It ends after `OPERATOR_IDLE_MINUTES` without a request, at `expiresAt` in any case,
 * and at logout.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operatorAccounts.id),
    stage: text('stage', { enum: ['password', 'signed_in'] }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (table) => [
    uniqueIndex('operator_sessions_token_idx').on(table.tokenHash),
    index('operator_sessions_operator_idx').on(table.operatorId),
  ],
)

/**
 * Who did what, when, and why: every operator action and every view of a customer's personal data, for the audit
 * trail (decision 133). Append-only: a trigger refuses every UPDATE and DELETE.
 */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The operator's login name when they acted (rows before decision 127: the HTTP Basic name). */
    operator: text('operator').notNull(),
    /** The operator's account (decision 127); null for actions taken before accounts existed. */
    operatorId: uuid('operator_id').references(() => operatorAccounts.id),
    action: text('action').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    transferId: uuid('transfer_id').references(() => incomingTransfers.id),
    /** The customer the action or view concerns (decision 133), for the customer's trail. */
    customerId: uuid('customer_id').references(() => customers.id),
    /** Why the operator acted or looked, as they gave it (decision 133). */
    reason: text('reason'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('operator_actions_customer_idx').on(table.customerId, table.id),
    index('operator_actions_order_idx').on(table.orderId, table.id),
    index('operator_actions_created_idx').on(table.createdAt),
  ],
)

/** What needs a second operator (decision 132): a held payment's release, a large refund, clearing enhanced checks. */
export const FOUR_EYES_ACTIONS = [
  'approve_transfer',
  'refund_transfer',
  'refund_order',
  'clear_enhanced_checks',
] as const
export type FourEyesAction = (typeof FOUR_EYES_ACTIONS)[number]

/**
 * A four-eyes request (decision 132): one operator asks, with a reason; another operator of the action's role approves
 * (the action runs in the approval's transaction) or declines it, once. A row is never deleted; its decision is written
 * once, by the one conditional UPDATE that moves it from `requested`.
 */
export const fourEyesRequests = pgTable(
  'four_eyes_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action', { enum: FOUR_EYES_ACTIONS }).notNull(),
    /** What the action works on: a held transfer's id, an order's reference or a customer's id. */
    target: text('target').notNull(),
    /** What the operator would have typed for the action alone (the refund's reason), as the action takes it. */
    detail: jsonb('detail').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: ['requested', 'approved', 'declined'] })
      .notNull()
      .default('requested'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => operatorAccounts.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    decidedBy: uuid('decided_by').references(() => operatorAccounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
  },
  (table) => [
    index('four_eyes_requests_status_idx').on(table.status, table.requestedAt),
    // One open request per action and target: a second ask while one waits is refused.
    uniqueIndex('four_eyes_requests_open_idx')
      .on(table.action, table.target)
      .where(sql`${table.status} = 'requested'`),
  ],
)
