import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import {
  QUESTIONNAIRE_QUESTIONS,
  SOURCE_OF_FUNDS_QUESTIONS,
  type EnhancedCheckStatus,
  type QuestionnaireAnswers,
  type SourceOfFundsAnswers,
} from '@exchange/shared/due-diligence.schemas'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import {
  enhancedCheckDecisions,
  questionnaireAnswers,
  sourceOfFundsAnswers,
} from '../../db/tables/modules/due-diligence'
import { AppError } from '../../errors'

export type DueDiligenceService = ReturnType<typeof createDueDiligenceService>

/** What the journey engine reads of a customer's answers. */
export interface DueDiligenceFacts {
  beneficialOwnerDeclared: boolean
  sourceOfFundsGiven: boolean
  /** Declared in any answer ever given (`sof` or `quest`): a later "no" does not lift enhanced checks (decision 081). */
  declaredPoliticallyExposed: boolean
  declaredHighRiskCountryTies: boolean
  enhancedChecks: EnhancedCheckStatus
  /** When the operator approved the newest questionnaire answer, or null. */
  enhancedChecksApprovedAt: Date | null
  /** When the customer last answered `sof` again (the first answer is no change), or null. */
  sourceOfFundsChangedAt: Date | null
}

type SourceOfFundsRow = typeof sourceOfFundsAnswers.$inferSelect
type QuestionnaireRow = typeof questionnaireAnswers.$inferSelect

function sourceOfFundsAnswersOf(row: SourceOfFundsRow): SourceOfFundsAnswers {
  return {
    beneficialOwner: true,
    employmentStatus: row.employmentStatus,
    occupation: row.occupation,
    incomeBand: row.incomeBand,
    fundsOrigin: row.fundsOrigin,
    ...(row.fundsOriginDetails !== null && { fundsOriginDetails: row.fundsOriginDetails }),
    purpose: row.purpose,
    ...(row.purposeDetails !== null && { purposeDetails: row.purposeDetails }),
    expectedYearlyVolume: row.expectedYearlyVolume,
    politicallyExposed: row.politicallyExposed,
    highRiskCountryTies: row.highRiskCountryTies,
  }
}

function questionnaireAnswersOf(row: QuestionnaireRow): QuestionnaireAnswers {
  return {
    politicallyExposed: row.politicallyExposed,
    ...(row.pepDetails !== null && { pepDetails: row.pepDetails }),
    highRiskCountryTies: row.highRiskCountryTies,
    ...(row.highRiskCountries.length > 0 && { highRiskCountries: row.highRiskCountries }),
    ...(row.highRiskDetails !== null && { highRiskDetails: row.highRiskDetails }),
    sourceOfWealth: row.sourceOfWealth as QuestionnaireAnswers['sourceOfWealth'],
    sourceOfWealthDetails: row.sourceOfWealthDetails,
  }
}

/**
 * Source of funds (`sof`), the enhanced-checks questionnaire (`quest`) and operators' decisions on it (decision
 * 037). Owns `source_of_funds_answers`, `questionnaire_answers` and `enhanced_check_decisions`: every row is kept
 * as written (the database refuses updates and deletes), a change is a new row, and the newest row counts.
 */
export function createDueDiligenceService({
  db,
  clock,
  onFactsChanged,
}: {
  db: Database
  clock: Clock
  /**
   * Called in the transaction that stores source-of-funds answers or an operator's decision on enhanced checks, so
   * that paid orders held for them (decision 039) are queued to move on with the fact or not at all.
   */
  onFactsChanged?: (tx: Database, customerId: string) => Promise<void>
}) {
  async function saveSourceOfFunds(customerId: string, answers: SourceOfFundsAnswers): Promise<void> {
    await db.transaction(async (tx) => {
      await insertSourceOfFunds(tx, customerId, answers)
      await onFactsChanged?.(tx, customerId)
    })
  }

  async function insertSourceOfFunds(tx: Database, customerId: string, answers: SourceOfFundsAnswers) {
    await tx.insert(sourceOfFundsAnswers).values({
      customerId,
      questionsVersion: SOURCE_OF_FUNDS_QUESTIONS.version,
      // The declaration as the customer confirmed it, warning included: the wording is what binds.
      beneficialOwnerDeclaration: SOURCE_OF_FUNDS_QUESTIONS.beneficialOwner,
      employmentStatus: answers.employmentStatus,
      occupation: answers.occupation,
      incomeBand: answers.incomeBand,
      fundsOrigin: answers.fundsOrigin,
      fundsOriginDetails: answers.fundsOriginDetails ?? null,
      purpose: answers.purpose,
      purposeDetails: answers.purposeDetails ?? null,
      expectedYearlyVolume: answers.expectedYearlyVolume,
      politicallyExposed: answers.politicallyExposed,
      highRiskCountryTies: answers.highRiskCountryTies,
      answeredAt: clock.now(),
    })
  }

  /** Stores the answers; the newest answer waits for an operator, whatever an earlier one was decided. */
  async function saveQuestionnaire(customerId: string, answers: QuestionnaireAnswers): Promise<void> {
    await db.insert(questionnaireAnswers).values({
      customerId,
      questionsVersion: QUESTIONNAIRE_QUESTIONS.version,
      politicallyExposed: answers.politicallyExposed,
      pepDetails: answers.pepDetails ?? null,
      highRiskCountryTies: answers.highRiskCountryTies,
      highRiskCountries: answers.highRiskCountryTies ? [...new Set(answers.highRiskCountries ?? [])] : [],
      highRiskDetails: answers.highRiskDetails ?? null,
      sourceOfWealth: answers.sourceOfWealth,
      sourceOfWealthDetails: answers.sourceOfWealthDetails,
      answeredAt: clock.now(),
    })
  }

  async function latestSourceOfFunds(customerId: string) {
    const [row] = await db
      .select()
      .from(sourceOfFundsAnswers)
      .where(eq(sourceOfFundsAnswers.customerId, customerId))
      .orderBy(desc(sourceOfFundsAnswers.id))
      .limit(1)
    return row
  }

  /** The newest questionnaire answer with the decision on it, if any. */
  async function latestQuestionnaire(customerId: string) {
    const [row] = await db
      .select({ answer: questionnaireAnswers, decision: enhancedCheckDecisions })
      .from(questionnaireAnswers)
      .leftJoin(enhancedCheckDecisions, eq(enhancedCheckDecisions.questionnaireId, questionnaireAnswers.id))
      .where(eq(questionnaireAnswers.customerId, customerId))
      .orderBy(desc(questionnaireAnswers.id))
      .limit(1)
    return row
  }

  function statusOf(latest: Awaited<ReturnType<typeof latestQuestionnaire>>): EnhancedCheckStatus {
    if (!latest) return 'not_answered'
    return latest.decision?.decision ?? 'in_review'
  }

  async function sourceOfFundsOf(customerId: string) {
    const row = await latestSourceOfFunds(customerId)
    return {
      answers: row ? sourceOfFundsAnswersOf(row) : null,
      questionsVersion: row?.questionsVersion ?? null,
      answeredAt: row?.answeredAt.toISOString() ?? null,
      questions: { ...SOURCE_OF_FUNDS_QUESTIONS },
    }
  }

  async function questionnaireOf(customerId: string) {
    const latest = await latestQuestionnaire(customerId)
    return {
      answers: latest ? questionnaireAnswersOf(latest.answer) : null,
      questionsVersion: latest?.answer.questionsVersion ?? null,
      answeredAt: latest?.answer.answeredAt.toISOString() ?? null,
      status: statusOf(latest),
      questions: { ...QUESTIONNAIRE_QUESTIONS },
    }
  }

  /** Whether any answer the customer ever gave (`sof` or `quest`) declared a politically exposed person or ties. */
  async function everDeclared(customerId: string) {
    const flags = (table: typeof sourceOfFundsAnswers | typeof questionnaireAnswers) =>
      db
        .select({
          pep: sql<boolean>`coalesce(bool_or(${table.politicallyExposed}), false)`,
          ties: sql<boolean>`coalesce(bool_or(${table.highRiskCountryTies}), false)`,
          answers: sql<number>`count(*)::int`,
        })
        .from(table)
        .where(eq(table.customerId, customerId))
    const [[sof], [quest]] = await Promise.all([flags(sourceOfFundsAnswers), flags(questionnaireAnswers)])
    return {
      pep: Boolean(sof?.pep || quest?.pep),
      ties: Boolean(sof?.ties || quest?.ties),
      sourceOfFundsAnswers: Number(sof?.answers ?? 0),
    }
  }

  /**
   * For the journey engine. A declaration that triggered enhanced checks stays in force: the flags are those of every
   * answer ever given, not the newest (decision 081), and an answer given again after an approval is a change the
   * operator has not seen.
   */
  async function dueDiligenceFactsOf(customerId: string): Promise<DueDiligenceFacts> {
    const [sof, quest, ever] = await Promise.all([
      latestSourceOfFunds(customerId),
      latestQuestionnaire(customerId),
      everDeclared(customerId),
    ])
    return {
      beneficialOwnerDeclared: sof !== undefined && sof.beneficialOwnerDeclaration.length > 0,
      sourceOfFundsGiven: sof !== undefined,
      declaredPoliticallyExposed: ever.pep,
      declaredHighRiskCountryTies: ever.ties,
      enhancedChecks: statusOf(quest),
      enhancedChecksApprovedAt: quest?.decision?.decision === 'approved' ? quest.decision.decidedAt : null,
      sourceOfFundsChangedAt: sof && ever.sourceOfFundsAnswers > 1 ? sof.answeredAt : null,
    }
  }

  /**
   * An operator's decision on the customer's newest questionnaire answer. One decision per answer: a second one, or
   * one with nothing answered, is refused `review_not_pending` (the unique index settles two operators at once).
   */
  async function decideEnhancedChecks(
    customerId: string,
    decision: 'approved' | 'rejected',
    operator: string,
    reason: string,
  ): Promise<void> {
    const why = reason.trim()
    if (why.length < 3 || why.length > 500 || operator.trim() === '') throw new AppError('validation_failed', 400)
    const latest = await latestQuestionnaire(customerId)
    if (!latest || latest.decision) throw new AppError('review_not_pending')
    await db.transaction(async (tx) => {
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

  const approveEnhancedChecks = (customerId: string, operator: string, reason: string) =>
    decideEnhancedChecks(customerId, 'approved', operator, reason)
  const rejectEnhancedChecks = (customerId: string, operator: string, reason: string) =>
    decideEnhancedChecks(customerId, 'rejected', operator, reason)

  /** Customers whose newest questionnaire answer waits for an operator, oldest first, with their answers. */
  async function enhancedChecksToReview(limit = 100) {
    const newest = db
      .select({ id: sql<number>`max(${questionnaireAnswers.id})`.as('id') })
      .from(questionnaireAnswers)
      .groupBy(questionnaireAnswers.customerId)
    const rows = await db
      .select({ answer: questionnaireAnswers, email: customers.email })
      .from(questionnaireAnswers)
      .innerJoin(customers, eq(customers.id, questionnaireAnswers.customerId))
      .leftJoin(enhancedCheckDecisions, eq(enhancedCheckDecisions.questionnaireId, questionnaireAnswers.id))
      .where(and(inArray(questionnaireAnswers.id, newest), isNull(enhancedCheckDecisions.id)))
      .orderBy(questionnaireAnswers.answeredAt)
      .limit(limit)
    return rows.map(({ answer, email }) => ({
      customerId: answer.customerId,
      email,
      answeredAt: answer.answeredAt,
      answers: questionnaireAnswersOf(answer),
    }))
  }

  return {
    saveSourceOfFunds,
    saveQuestionnaire,
    sourceOfFundsOf,
    questionnaireOf,
    dueDiligenceFactsOf,
    approveEnhancedChecks,
    rejectEnhancedChecks,
    enhancedChecksToReview,
  }
}
