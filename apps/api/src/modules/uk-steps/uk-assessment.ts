import {
  UK_ASSESSMENT_AREAS,
  type UkAnswerQuestionsRequest,
  type UkAssessmentArea,
  type UkAssetType,
} from '@exchange/shared/uk-steps.schemas'
import { isUniqueViolation } from '../../db/errors'
import { ukAssessmentAttempts } from '../../db/tables/modules/uk-steps'
import { AppError } from '../../errors'
import { AREA_OF_TOPIC, UK_ASSESSMENTS } from './appropriateness-questions'
import { type UkStepsServiceDeps, recordsOf } from './uk-records'
import { assertEarlierStepsDone, badField, secondsUntil } from './uk-step-rules'
import { lockAfterFail, nextSetIndex, ukStandings } from './uk-standing'

/** Refuses an assessment call while earlier steps are owed, after a pass, or during a lock. */
async function assessmentStandingOf(deps: UkStepsServiceDeps, customerId: string, assetType: UkAssetType) {
  const now = deps.clock.now()
  const records = await recordsOf(deps, customerId, assetType)
  const standings = ukStandings(records, now)
  assertEarlierStepsDone(standings, 'uk_appropriateness')
  if (standings.appropriateness === 'done') throw new AppError('step_done')
  if (standings.appropriateness === 'waiting')
    throw new AppError('step_waiting', 200, {
      step: 'uk_appropriateness',
      retryAfterSeconds: secondsUntil(records.assessment.lockedUntil!, now),
    })
  const assessment = UK_ASSESSMENTS[assetType]
  const set = assessment.sets[nextSetIndex(records.assessment.attempts, assessment.sets.length)]!
  return { assessment, set, attempt: records.assessment.attempts + 1, now }
}

/** The questions of the customer's next attempt, without which option is right. */
export async function questionSetFor(deps: UkStepsServiceDeps, customerId: string, assetType: UkAssetType) {
  const { assessment, set, attempt } = await assessmentStandingOf(deps, customerId, assetType)
  return {
    assetType,
    version: assessment.version,
    setId: set.id,
    attempt,
    passMark: assessment.passMark,
    questions: set.questions.map(({ id, text, options }) => ({ id, text, options: options.map((o) => ({ ...o })) })),
  }
}

/**
 * Scores an attempt and stores it with every question as asked. No feedback per answer: a fail names broad areas
 * only. The second fail and every later one lock the assessment for 24 hours.
 */
export async function answerQuestions(
  deps: UkStepsServiceDeps,
  customerId: string,
  input: Omit<UkAnswerQuestionsRequest, 'brandName'>,
) {
  const { assessment, set, attempt, now } = await assessmentStandingOf(deps, customerId, input.assetType)
  if (input.version !== assessment.version)
    throw badField('version', 'These questions have changed: please ask for the questions again')
  if (input.setId !== set.id)
    throw badField('setId', 'This is not your current question set: please ask for the questions again')
  const given = new Map<string, string>()
  for (const answer of input.answers) {
    if (given.has(answer.questionId)) throw badField('answers', 'Each question is answered once')
    given.set(answer.questionId, answer.optionId)
  }
  const asked = set.questions.map((question) => {
    const answer = given.get(question.id)
    if (!answer || !question.options.some((option) => option.id === answer))
      throw badField('answers', 'Please answer every question with one of its options')
    return { ...question, options: question.options.map((o) => ({ ...o })), answer }
  })
  if (given.size !== set.questions.length) throw badField('answers', 'Answer the questions of this set only')
  const score = asked.filter((question) => question.answer === question.correct).length
  const passed = score >= assessment.passMark
  const lockedUntil = passed ? null : lockAfterFail(attempt, now)
  try {
    await deps.db.insert(ukAssessmentAttempts).values({
      customerId,
      assetType: input.assetType,
      questionsVersion: assessment.version,
      setId: set.id,
      attempt,
      questions: asked,
      score,
      passMark: assessment.passMark,
      passed,
      answeredAt: now,
      lockedUntil,
    })
  } catch (error) {
    // The same attempt answered twice at once: the first one stored counts.
    if (isUniqueViolation(error)) throw new AppError('transition_not_allowed')
    throw error
  }
  const areas = new Set<UkAssessmentArea>(
    asked.filter((question) => question.answer !== question.correct).map((question) => AREA_OF_TOPIC[question.topic]),
  )
  return {
    passed,
    score,
    total: asked.length,
    attempt,
    reasons: passed ? [] : [...areas].map((area) => ({ area, text: UK_ASSESSMENT_AREAS[area] })),
    lockedUntil: lockedUntil?.toISOString() ?? null,
  }
}
