import { DOCUMENT_MEDIA_TYPES, DOCUMENT_PURPOSES } from '@exchange/shared/documents.schemas'
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { bytea, createdAt } from '../columns'
import { customers } from './customers'

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
