import { answerQuestions, questionSetFor } from './uk-assessment'
import { categorise, decideCoolingOff, decideRiskWarning } from './uk-decisions'
import { type UkStepsServiceDeps, recordRequestToBuy, standingsOf, statusOf } from './uk-records'

export type UkStepsService = ReturnType<typeof createUkStepsService>

/**
 * The UK steps (uk-regulation.md section 3, decision 041): the personalised risk warning, categorisation, the
 * appropriateness assessment and the cooling-off. Owns the `uk_*` tables, all append-only; the journey engine reads
 * the standings from here. Each call enforces the regulation's order: a step is refused `step_required`, naming the
 * earlier step, until that one is done.
 */
export function createUkStepsService(deps: UkStepsServiceDeps) {
  return {
    standingsOf: standingsOf.bind(null, deps),
    recordRequestToBuy: recordRequestToBuy.bind(null, deps),
    statusOf: statusOf.bind(null, deps),
    decideRiskWarning: decideRiskWarning.bind(null, deps),
    categorise: categorise.bind(null, deps),
    questionSetFor: questionSetFor.bind(null, deps),
    answerQuestions: answerQuestions.bind(null, deps),
    decideCoolingOff: decideCoolingOff.bind(null, deps),
  }
}
