import { questionnaireOf, saveQuestionnaire, saveSourceOfFunds, sourceOfFundsOf } from './answers'
import type { DueDiligenceServiceDeps } from './due-diligence-deps'
import { approveEnhancedChecks, enhancedChecksToReview, rejectEnhancedChecks } from './enhanced-checks'
import { dueDiligenceFactsOf } from './facts'

export type DueDiligenceService = ReturnType<typeof createDueDiligenceService>

/**
 * Source of funds (`sof`), the enhanced-checks questionnaire (`quest`) and operators' decisions on it (decision
 * 037). Owns `source_of_funds_answers`, `questionnaire_answers` and `enhanced_check_decisions`: every row is kept
 * as written (the database refuses updates and deletes), a change is a new row, and the newest row counts.
 */
export function createDueDiligenceService(deps: DueDiligenceServiceDeps) {
  return {
    saveSourceOfFunds: saveSourceOfFunds.bind(null, deps),
    saveQuestionnaire: saveQuestionnaire.bind(null, deps),
    sourceOfFundsOf: sourceOfFundsOf.bind(null, deps),
    questionnaireOf: questionnaireOf.bind(null, deps),
    dueDiligenceFactsOf: dueDiligenceFactsOf.bind(null, deps),
    approveEnhancedChecks: approveEnhancedChecks.bind(null, deps),
    rejectEnhancedChecks: rejectEnhancedChecks.bind(null, deps),
    enhancedChecksToReview: enhancedChecksToReview.bind(null, deps),
  }
}
