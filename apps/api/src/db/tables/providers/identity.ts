import { pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'

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
