import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { LANGUAGES } from '@exchange/shared/languages'
import { createdAt } from '../columns'

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
  /** The customer closed the account (decision 121): nothing is deleted, and no login opens it again. */
  closedAt: timestamp('closed_at', { withTimezone: true }),
  /**
   * The language the customer's e-mails are written in (decision 131): the sign-up's, else its Accept-Language, else
   * English; changed on the account page.
   */
  language: text('language', { enum: LANGUAGES }).notNull().default('en'),
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
