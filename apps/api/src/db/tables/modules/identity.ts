import { STORED_IDENTITY_STATUSES } from '@exchange/shared/identity.schemas'
import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'
import { customers } from './customers'

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
