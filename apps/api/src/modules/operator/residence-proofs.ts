// The operator's side of decision 091: the proofs of address that would back a residence outside the UK declared
// without evidence (the UK steps are asked until one is accepted), and the decision on each, logged with it.

import { and, asc, eq, gt, isNull, notExists, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client'
import { customerResidenceChanges, customers } from '../../db/tables/modules/customers'
import { documentReviews, documents } from '../../db/tables/modules/documents'
import type { DeclaredResidence } from '../customers/customers.service'
import { logAction } from './operator-log'
import type { OperatorServiceDeps } from './operator-deps'

/** A customer whose declared residence outside the UK waits for an operator to read the proof of address they sent. */
export interface ResidenceProofWaiting {
  customerId: string
  email: string
  residence: DeclaredResidence
  /** The proofs sent after the declaration and not yet decided, oldest first. */
  documentIds: string[]
  /** The same proofs with their file's name and when each was sent (the back office's customer file lists them). */
  proofs: { documentId: string; fileName: string; sentAt: Date }[]
  since: Date
}

const newer = alias(customerResidenceChanges, 'newer_declaration')

/**
 * Proofs of address nobody decided, sent after the customer's newest declaration of residence, when that one was not
 * made from a connection in the declared country. Proofs that can back nothing (sent before a move, or of a
 * customer whose connection backed the declaration) are left out here, so they never crowd out those that can.
 */
async function candidates(db: Database, customerId?: string) {
  return db
    .select({
      documentId: documents.id,
      customerId: documents.customerId,
      email: customers.email,
      fileName: documents.fileName,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .innerJoin(customers, eq(customers.id, documents.customerId))
    .leftJoin(documentReviews, eq(documentReviews.documentId, documents.id))
    .leftJoin(
      customerResidenceChanges,
      and(
        eq(customerResidenceChanges.customerId, documents.customerId),
        notExists(
          db
            .select({ id: newer.id })
            .from(newer)
            .where(
              and(eq(newer.customerId, customerResidenceChanges.customerId), gt(newer.id, customerResidenceChanges.id)),
            ),
        ),
      ),
    )
    .where(
      and(
        eq(documents.purpose, 'proof_of_address'),
        isNull(documentReviews.id),
        customerId === undefined ? undefined : eq(documents.customerId, customerId),
        sql`${customerResidenceChanges.visitorCountry} is distinct from ${customers.country}`,
        // A residence saved before declarations were recorded counts from the last save of the details.
        gt(
          documents.createdAt,
          sql`coalesce(${customerResidenceChanges.declaredAt}, ${customers.detailsUpdatedAt}, ${customers.createdAt})`,
        ),
      ),
    )
    .orderBy(asc(documents.createdAt))
    .limit(500)
}

/** Every such customer (or the one given) whose residence the brand's rule still finds unproven, oldest proof first. */
export async function proofsWaiting(
  { db, unprovenResidenceOf }: Pick<OperatorServiceDeps, 'db' | 'unprovenResidenceOf'>,
  customerId?: string,
): Promise<ResidenceProofWaiting[]> {
  const proofs = await candidates(db, customerId)
  const byCustomer = new Map<string, typeof proofs>()
  for (const proof of proofs) byCustomer.set(proof.customerId, [...(byCustomer.get(proof.customerId) ?? []), proof])
  const waiting = await Promise.all(
    [...byCustomer].map(async ([id, sent]) => {
      const residence = await unprovenResidenceOf(id)
      const after = residence ? sent.filter((proof) => proof.createdAt > residence.declaredAt) : []
      if (!residence || after.length === 0) return null
      return {
        customerId: id,
        email: after[0]!.email,
        residence,
        documentIds: after.map((proof) => proof.documentId),
        proofs: after.map((proof) => ({
          documentId: proof.documentId,
          fileName: proof.fileName,
          sentAt: proof.createdAt,
        })),
        since: after[0]!.createdAt,
      }
    }),
  )
  return waiting.filter((entry) => entry !== null)
}

/** Accepts or rejects one proof of address; the decision and the operator's log are stored together. */
export async function decideProofOfAddress(
  deps: Pick<OperatorServiceDeps, 'db' | 'clock' | 'documentReviews'>,
  operator: string,
  documentId: string,
  decision: 'accepted' | 'rejected',
  reason: string,
): Promise<void> {
  await deps.documentReviews.reviewProofOfAddress(documentId, { decision, operator, reason }, (tx, customerId) =>
    logAction(
      deps,
      operator,
      `proof_of_address_${decision}`,
      { customerId, reason },
      { customerId, documentId, reason },
      tx,
    ),
  )
}
