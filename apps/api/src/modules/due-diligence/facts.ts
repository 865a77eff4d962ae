import { eq, sql } from 'drizzle-orm'
import type { EnhancedCheckStatus } from '@exchange/shared/due-diligence.schemas'
import { questionnaireAnswers, sourceOfFundsAnswers } from '../../db/tables/modules/due-diligence'
import { latestQuestionnaire, latestSourceOfFunds, statusOf } from './answers'
import type { DueDiligenceServiceDeps } from './due-diligence-deps'

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

/** Whether any answer the customer ever gave (`sof` or `quest`) declared a politically exposed person or ties. */
async function everDeclared({ db }: Pick<DueDiligenceServiceDeps, 'db'>, customerId: string) {
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
export async function dueDiligenceFactsOf(
  deps: Pick<DueDiligenceServiceDeps, 'db'>,
  customerId: string,
): Promise<DueDiligenceFacts> {
  const [sof, quest, ever] = await Promise.all([
    latestSourceOfFunds(deps, customerId),
    latestQuestionnaire(deps, customerId),
    everDeclared(deps, customerId),
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
