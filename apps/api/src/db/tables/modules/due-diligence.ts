import {
  EMPLOYMENT_STATUSES,
  FUNDS_ORIGINS,
  INCOME_BANDS,
  RELATIONSHIP_PURPOSES,
  YEARLY_VOLUME_BANDS,
} from '@exchange/shared/due-diligence.schemas'
import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { customers } from './customers'

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
    employmentStatus: text('employment_status', { enum: EMPLOYMENT_STATUSES }).notNull(),
    occupation: text('occupation').notNull(),
    incomeBand: text('income_band', { enum: INCOME_BANDS }).notNull(),
    fundsOrigin: text('funds_origin', { enum: FUNDS_ORIGINS }).notNull(),
    fundsOriginDetails: text('funds_origin_details'),
    purpose: text('purpose', { enum: RELATIONSHIP_PURPOSES }).notNull(),
    purposeDetails: text('purpose_details'),
    expectedYearlyVolume: text('expected_yearly_volume', { enum: YEARLY_VOLUME_BANDS }).notNull(),
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
