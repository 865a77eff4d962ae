import { desc, eq } from 'drizzle-orm'
import {
  QUESTIONNAIRE_QUESTIONS,
  SOURCE_OF_FUNDS_QUESTIONS,
  type EnhancedCheckStatus,
  type QuestionnaireAnswers,
  type SourceOfFundsAnswers,
} from '@exchange/shared/due-diligence.schemas'
import type { Database } from '../../db/client'
import {
  enhancedCheckDecisions,
  questionnaireAnswers,
  sourceOfFundsAnswers,
} from '../../db/tables/modules/due-diligence'
import type { DueDiligenceServiceDeps } from './due-diligence-deps'

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

export function questionnaireAnswersOf(row: QuestionnaireRow): QuestionnaireAnswers {
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

export async function saveSourceOfFunds(
  deps: DueDiligenceServiceDeps,
  customerId: string,
  answers: SourceOfFundsAnswers,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await insertSourceOfFunds(deps, tx, customerId, answers)
    await deps.onFactsChanged?.(tx, customerId)
  })
}

async function insertSourceOfFunds(
  { clock }: Pick<DueDiligenceServiceDeps, 'clock'>,
  tx: Database,
  customerId: string,
  answers: SourceOfFundsAnswers,
) {
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
export async function saveQuestionnaire(
  { db, clock }: Pick<DueDiligenceServiceDeps, 'db' | 'clock'>,
  customerId: string,
  answers: QuestionnaireAnswers,
): Promise<void> {
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

export async function latestSourceOfFunds({ db }: Pick<DueDiligenceServiceDeps, 'db'>, customerId: string) {
  const [row] = await db
    .select()
    .from(sourceOfFundsAnswers)
    .where(eq(sourceOfFundsAnswers.customerId, customerId))
    .orderBy(desc(sourceOfFundsAnswers.id))
    .limit(1)
  return row
}

/** The newest questionnaire answer with the decision on it, if any. */
export async function latestQuestionnaire({ db }: Pick<DueDiligenceServiceDeps, 'db'>, customerId: string) {
  const [row] = await db
    .select({ answer: questionnaireAnswers, decision: enhancedCheckDecisions })
    .from(questionnaireAnswers)
    .leftJoin(enhancedCheckDecisions, eq(enhancedCheckDecisions.questionnaireId, questionnaireAnswers.id))
    .where(eq(questionnaireAnswers.customerId, customerId))
    .orderBy(desc(questionnaireAnswers.id))
    .limit(1)
  return row
}

export function statusOf(latest: Awaited<ReturnType<typeof latestQuestionnaire>>): EnhancedCheckStatus {
  if (!latest) return 'not_answered'
  return latest.decision?.decision ?? 'in_review'
}

export async function sourceOfFundsOf(deps: Pick<DueDiligenceServiceDeps, 'db'>, customerId: string) {
  const row = await latestSourceOfFunds(deps, customerId)
  return {
    answers: row ? sourceOfFundsAnswersOf(row) : null,
    questionsVersion: row?.questionsVersion ?? null,
    answeredAt: row?.answeredAt.toISOString() ?? null,
    questions: { ...SOURCE_OF_FUNDS_QUESTIONS },
  }
}

export async function questionnaireOf(deps: Pick<DueDiligenceServiceDeps, 'db'>, customerId: string) {
  const latest = await latestQuestionnaire(deps, customerId)
  return {
    answers: latest ? questionnaireAnswersOf(latest.answer) : null,
    questionsVersion: latest?.answer.questionsVersion ?? null,
    answeredAt: latest?.answer.answeredAt.toISOString() ?? null,
    status: statusOf(latest),
    questions: { ...QUESTIONNAIRE_QUESTIONS },
  }
}
