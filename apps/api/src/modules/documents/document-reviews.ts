import { and, eq, gt } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { documentReviews, documents } from '../../db/tables/modules/documents'
import { AppError } from '../../errors'

export type DocumentReviews = ReturnType<typeof createDocumentReviews>

/**
 * Operators' reviews of customers' proofs of address (decision 091): one decision per file, written once and never
 * changed. Owns `document_reviews`; a proof accepted is evidence of the residence declared before it was sent.
 */
export function createDocumentReviews({ db, clock }: { db: Database; clock: Clock }) {
  /**
   * Accepts or rejects a proof of address nobody has decided. Another kind of file, or one already decided (also by a
   * second operator at the same moment: the unique index), is refused `review_not_pending`. `onDecided` writes in the
   * same transaction (the operator's log), so the decision and its log are stored together or not at all.
   */
  async function reviewProofOfAddress(
    documentId: string,
    review: { decision: 'accepted' | 'rejected'; operator: string; reason: string },
    onDecided?: (tx: Database, customerId: string) => Promise<void>,
  ): Promise<string> {
    return db.transaction(async (tx) => {
      const [file] = await tx
        .select({ customerId: documents.customerId, purpose: documents.purpose })
        .from(documents)
        .where(eq(documents.id, documentId))
      if (!file) throw new AppError('not_found', 404)
      if (file.purpose !== 'proof_of_address') throw new AppError('review_not_pending', 409)
      const [stored] = await tx
        .insert(documentReviews)
        .values({ documentId, ...review, decidedAt: clock.now() })
        .onConflictDoNothing({ target: documentReviews.documentId })
        .returning({ id: documentReviews.id })
      if (!stored) throw new AppError('review_not_pending', 409)
      await onDecided?.(tx, file.customerId)
      return file.customerId
    })
  }

  /** Whether an operator accepted a proof of address of the customer sent after `after` (the same instant is not). */
  async function proofOfAddressAcceptedAfter(customerId: string, after: Date): Promise<boolean> {
    const [accepted] = await db
      .select({ id: documentReviews.id })
      .from(documents)
      .innerJoin(documentReviews, eq(documentReviews.documentId, documents.id))
      .where(
        and(
          eq(documents.customerId, customerId),
          eq(documents.purpose, 'proof_of_address'),
          gt(documents.createdAt, after),
          eq(documentReviews.decision, 'accepted'),
        ),
      )
      .limit(1)
    return accepted !== undefined
  }

  return { reviewProofOfAddress, proofOfAddressAcceptedAfter }
}
