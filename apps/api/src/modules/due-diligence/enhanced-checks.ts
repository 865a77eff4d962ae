import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { countInAll } from '../../db/queue-size'
import { customers } from '../../db/tables/modules/customers'
import { enhancedCheckDecisions, questionnaireAnswers } from '../../db/tables/modules/due-diligence'
import { AppError } from '../../errors'
import { latestQuestionnaire, questionnaireAnswersOf } from './answers'
import type { DueDiligenceServiceDeps } from './due-diligence-deps'

/**
 * An operator's decision on the customer's newest questionnaire answer. One decision per answer: a second one, or
 * one with nothing answered, is refused `review_not_pending` (the unique index settles two operators at once).
 */
async function decideEnhancedChecks(
  deps: DueDiligenceServiceDeps,
  customerId: string,
  decision: 'approved' | 'rejected',
  operator: string,
  reason: string,
  within?: Database,
): Promise<void> {
  const why = reason.trim()
  if (why.length < 3 || why.length > 500 || operator.trim() === '') throw new AppError('validation_failed', 400)
  const { db, clock, onFactsChanged } = deps
  // Inside the caller's transaction the answer is read there too (PGlite has one connection).
  const latest = await latestQuestionnaire({ db: within ?? db }, customerId)
  if (!latest || latest.decision) throw new AppError('review_not_pending')
  await (within ?? db).transaction(async (tx) => {
    const [decided] = await tx
      .insert(enhancedCheckDecisions)
      .values({
        customerId,
        questionnaireId: latest.answer.id,
        decision,
        operator,
        reason: why,
        decidedAt: clock.now(),
      })
      .onConflictDoNothing({ target: enhancedCheckDecisions.questionnaireId })
      .returning({ id: enhancedCheckDecisions.id })
    if (!decided) throw new AppError('review_not_pending')
    await onFactsChanged?.(tx, customerId)
  })
}

/** Clears the enhanced checks; within the caller's transaction when given (a four-eyes approval, decision 132). */
export const approveEnhancedChecks = (
  deps: DueDiligenceServiceDeps,
  customerId: string,
  operator: string,
  reason: string,
  within?: Database,
) => decideEnhancedChecks(deps, customerId, 'approved', operator, reason, within)
export const rejectEnhancedChecks = (
  deps: DueDiligenceServiceDeps,
  customerId: string,
  operator: string,
  reason: string,
) => decideEnhancedChecks(deps, customerId, 'rejected', operator, reason)

/**
 * Customers whose newest questionnaire answer waits for an operator, oldest first, or only the one given, with their
 * answers and how many wait in all (`waiting`), beyond the limit too.
 */
export async function enhancedChecksToReview(
  { db }: Pick<DueDiligenceServiceDeps, 'db'>,
  limit = 100,
  customerId?: string,
) {
  const newest = db
    .select({ id: sql<number>`max(${questionnaireAnswers.id})`.as('id') })
    .from(questionnaireAnswers)
    .groupBy(questionnaireAnswers.customerId)
  const rows = await db
    .select({ answer: questionnaireAnswers, email: customers.email, waiting: countInAll() })
    .from(questionnaireAnswers)
    .innerJoin(customers, eq(customers.id, questionnaireAnswers.customerId))
    .leftJoin(enhancedCheckDecisions, eq(enhancedCheckDecisions.questionnaireId, questionnaireAnswers.id))
    .where(
      and(
        inArray(questionnaireAnswers.id, newest),
        isNull(enhancedCheckDecisions.id),
        customerId === undefined ? undefined : eq(questionnaireAnswers.customerId, customerId),
      ),
    )
    .orderBy(questionnaireAnswers.answeredAt)
    .limit(limit)
  return rows.map(({ answer, email, waiting }) => ({
    customerId: answer.customerId,
    email,
    waiting,
    answeredAt: answer.answeredAt,
    answers: questionnaireAnswersOf(answer),
  }))
}
