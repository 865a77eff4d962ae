import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { customers } from './customers'

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
