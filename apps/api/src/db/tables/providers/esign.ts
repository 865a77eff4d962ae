import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'

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
