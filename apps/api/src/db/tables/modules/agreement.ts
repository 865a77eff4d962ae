import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { LANGUAGES } from '@exchange/shared/languages'
import { bytea, createdAt } from '../columns'
import { customers } from './customers'

/**
 * The customer agreement (decision 044). A signing request is one envelope at the e-signature provider for one
 * version of the agreement; its status changes only with a verified provider notice, recorded in `agreement_events`.
 */
export const agreementSignings = pgTable(
  'agreement_signings',
  {
    /** Also the id the provider is given for the signer (DocuSign's clientUserId): opaque and stable. */
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    provider: text('provider').notNull(),
    agreementVersion: text('agreement_version').notNull(),
    /** The language of the text the customer signs (decision 131): each language's text is its own version. */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    envelopeId: text('envelope_id'),
    status: text('status', { enum: ['sent', 'signed', 'declined'] }).notNull(),
    signerName: text('signer_name').notNull(),
    /** The order the customer named when starting the signature (spec: `startDocusign(orderReference)`), if any. */
    orderReference: text('order_reference'),
    /** Address the signing was started from; the signer's own address when the provider reports it. */
    requestIp: text('request_ip').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('agreement_signings_envelope_idx').on(table.provider, table.envelopeId),
    index('agreement_signings_customer_idx').on(table.customerId, table.agreementVersion),
  ],
)

/** Append-only trail of each signing: envelopes created, signing links issued, each provider notice applied. */
export const agreementEvents = pgTable(
  'agreement_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    signingId: uuid('signing_id')
      .notNull()
      .references(() => agreementSignings.id),
    type: text('type', { enum: ['envelope_created', 'link_issued', 'notice_applied', 'notice_ignored'] }).notNull(),
    /** Provider and event id (or digest) of a notice: a notice delivered twice is recorded, and acted on, once. */
    noticeKey: text('notice_key').unique(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [index('agreement_events_signing_idx').on(table.signingId, table.id)],
)

/**
 * Every agreement a customer signed, append-only (the database refuses updates and deletes): the version, when, from
 * which address, the provider's envelope, the name signed with, and the signed document (DocuSign's PDF, or the
 * sandbox's signed record) encrypted with the documents key (decision 030).
 */
export const signedAgreements = pgTable(
  'signed_agreements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    signingId: uuid('signing_id')
      .notNull()
      .references(() => agreementSignings.id),
    agreementVersion: text('agreement_version').notNull(),
    /** The language signed (decision 131). */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    provider: text('provider').notNull(),
    envelopeId: text('envelope_id').notNull(),
    signerName: text('signer_name').notNull(),
    signerIp: text('signer_ip').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    mediaType: text('media_type').notNull(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    keyId: text('key_id').notNull(),
    iv: bytea('iv').notNull(),
    authTag: bytea('auth_tag').notNull(),
    ciphertext: bytea('ciphertext').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('signed_agreements_signing_idx').on(table.signingId),
    index('signed_agreements_customer_idx').on(table.customerId, table.agreementVersion),
  ],
)
