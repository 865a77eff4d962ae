import { and, count, desc, eq } from 'drizzle-orm'
import type { JourneyStepId } from '@exchange/shared/journey-steps'
import {
  UK_CATEGORISATION_STATEMENTS,
  UK_COOLING_OFF,
  UK_COOLING_OFF_HOURS,
  UK_PERSONAL_RISK_WARNING,
} from '@exchange/shared/uk-regulation'
import {
  UK_ASSESSMENT_AREAS,
  type UkAnswerQuestionsRequest,
  type UkAssessmentArea,
  type UkAssetType,
  type UkCategoriseRequest,
  type UkCoolingOffDecisionRequest,
  type UkRiskDecisionRequest,
  type UkStepsStatus,
} from '@exchange/shared/uk-steps.schemas'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import { customers } from '../../db/tables/modules/customers'
import {
  ukAssessmentAttempts,
  ukCategorisations,
  ukCoolingOffDecisions,
  ukCoolingOffStarts,
  ukRiskWarningDecisions,
} from '../../db/tables/modules/uk-steps'
import { AppError, stepRequired } from '../../errors'
import { AREA_OF_TOPIC, UK_ASSESSMENTS } from './appropriateness-questions'
import {
  type UkRecords,
  type UkStandings,
  categorisationValidUntil,
  lockAfterFail,
  newStatementFrom,
  nextSetIndex,
  normalisedName,
  statementQualifies,
  ukStandings,
} from './uk-standing'

export type UkStepsService = ReturnType<typeof createUkStepsService>

const HOUR_MS = 3_600_000
const DEFAULT_ASSET_TYPE: UkAssetType = 'cryptoasset'

/** A refusal of bad input with the field it is about: nothing is stored. */
const badField = (field: string, message: string) =>
  new AppError('validation_failed', 400, { fields: { [field]: message } })

const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))

/**
 * The UK steps (uk-regulation.md section 3, decision 041): the personalised risk warning, categorisation, the
 * appropriateness assessment and the cooling-off. Owns the `uk_*` tables, all append-only; the journey engine reads
 * the standings from here. Each call enforces the regulation's order: a step is refused `step_required`, naming the
 * earlier step, until that one is done.
 */
export function createUkStepsService({ db, clock }: { db: Database; clock: Clock }) {
  async function fullNameOf(customerId: string): Promise<string | null> {
    const [customer] = await db
      .select({ firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(eq(customers.id, customerId))
    if (!customer) throw new AppError('unauthorized', 401)
    const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ').trim()
    return customer.firstName && customer.lastName && name ? name : null
  }

  async function recordsOf(customerId: string, assetType: UkAssetType = DEFAULT_ASSET_TYPE): Promise<UkRecords> {
    const [risk, categorisation, attempts, passed, lastAttempt, start, coolingOffDecision, continued] =
      await Promise.all([
        db
          .select({ choice: ukRiskWarningDecisions.choice, decidedAt: ukRiskWarningDecisions.decidedAt })
          .from(ukRiskWarningDecisions)
          .where(eq(ukRiskWarningDecisions.customerId, customerId))
          .orderBy(desc(ukRiskWarningDecisions.id))
          .limit(1),
        db
          .select({
            qualified: ukCategorisations.qualified,
            signedAt: ukCategorisations.signedAt,
            validUntil: ukCategorisations.validUntil,
          })
          .from(ukCategorisations)
          .where(eq(ukCategorisations.customerId, customerId))
          .orderBy(desc(ukCategorisations.id))
          .limit(1),
        db
          .select({ attempts: count() })
          .from(ukAssessmentAttempts)
          .where(and(eq(ukAssessmentAttempts.customerId, customerId), eq(ukAssessmentAttempts.assetType, assetType))),
        db
          .select({ answeredAt: ukAssessmentAttempts.answeredAt })
          .from(ukAssessmentAttempts)
          .where(
            and(
              eq(ukAssessmentAttempts.customerId, customerId),
              eq(ukAssessmentAttempts.assetType, assetType),
              eq(ukAssessmentAttempts.passed, true),
            ),
          )
          .orderBy(ukAssessmentAttempts.id)
          .limit(1),
        db
          .select({ lockedUntil: ukAssessmentAttempts.lockedUntil })
          .from(ukAssessmentAttempts)
          .where(and(eq(ukAssessmentAttempts.customerId, customerId), eq(ukAssessmentAttempts.assetType, assetType)))
          .orderBy(desc(ukAssessmentAttempts.attempt))
          .limit(1),
        db
          .select({ startedAt: ukCoolingOffStarts.startedAt, endsAt: ukCoolingOffStarts.endsAt })
          .from(ukCoolingOffStarts)
          .where(eq(ukCoolingOffStarts.customerId, customerId)),
        db
          .select({ choice: ukCoolingOffDecisions.choice })
          .from(ukCoolingOffDecisions)
          .where(eq(ukCoolingOffDecisions.customerId, customerId))
          .orderBy(desc(ukCoolingOffDecisions.id))
          .limit(1),
        db
          .select({ id: ukCoolingOffDecisions.id })
          .from(ukCoolingOffDecisions)
          .where(and(eq(ukCoolingOffDecisions.customerId, customerId), eq(ukCoolingOffDecisions.choice, 'continue')))
          .limit(1),
      ])
    return {
      riskWarning: risk[0] ?? null,
      categorisation: categorisation[0] ?? null,
      assessment: {
        attempts: attempts[0]?.attempts ?? 0,
        passedAt: passed[0]?.answeredAt ?? null,
        lockedUntil: lastAttempt[0]?.lockedUntil ?? null,
      },
      coolingOff: start[0] ?? null,
      coolingOffContinued: continued.length > 0,
      coolingOffLastChoice: coolingOffDecision[0]?.choice ?? null,
    }
  }

  /** For the journey engine: where each UK step stands now, and whether the cooling-off has started. */
  async function standingsOf(customerId: string): Promise<UkStandings & { coolingOffStarted: boolean }> {
    const records = await recordsOf(customerId)
    return { ...ukStandings(records, clock.now()), coolingOffStarted: records.coolingOff !== null }
  }

  /**
   * The customer's first request to buy starts the 24-hour cooling-off on the server clock; later requests change
   * nothing (the unique index keeps the first).
   */
  async function recordRequestToBuy(customerId: string): Promise<void> {
    const now = clock.now()
    await db
      .insert(ukCoolingOffStarts)
      .values({ customerId, startedAt: now, endsAt: new Date(now.getTime() + UK_COOLING_OFF_HOURS * HOUR_MS) })
      .onConflictDoNothing({ target: ukCoolingOffStarts.customerId })
  }

  /** What the web shows of the UK steps: each step's standing, times and text versions. */
  async function statusOf(customerId: string, isUk: boolean): Promise<UkStepsStatus> {
    const [fullName, records, latestCategorisation] = await Promise.all([
      fullNameOf(customerId),
      recordsOf(customerId),
      db
        .select()
        .from(ukCategorisations)
        .where(eq(ukCategorisations.customerId, customerId))
        .orderBy(desc(ukCategorisations.id))
        .limit(1),
    ])
    const now = clock.now()
    const standings = ukStandings(records, now)
    const latest = latestCategorisation[0]
    return {
      isUk,
      fullName,
      riskWarning: {
        state: standings.riskWarning,
        textVersion: UK_PERSONAL_RISK_WARNING.version,
        lastChoice: records.riskWarning?.choice ?? null,
        decidedAt: records.riskWarning?.decidedAt.toISOString() ?? null,
      },
      categorisation: {
        state: standings.categorisation,
        textVersion: UK_CATEGORISATION_STATEMENTS.version,
        category: standings.categorisation === 'done' && latest ? latest.category : null,
        validUntil: standings.categorisation === 'done' ? (latest?.validUntil?.toISOString() ?? null) : null,
        newStatementFrom:
          standings.categorisation === 'waiting' && latest ? newStatementFrom(latest.signedAt).toISOString() : null,
      },
      appropriateness: {
        state: standings.appropriateness,
        assetType: DEFAULT_ASSET_TYPE,
        attempts: records.assessment.attempts,
        passedAt: records.assessment.passedAt?.toISOString() ?? null,
        lockedUntil: standings.appropriateness === 'waiting' ? records.assessment.lockedUntil!.toISOString() : null,
      },
      coolingOff: {
        state: standings.coolingOff,
        textVersion: UK_COOLING_OFF.version,
        startedAt: records.coolingOff?.startedAt.toISOString() ?? null,
        endsAt: records.coolingOff?.endsAt.toISOString() ?? null,
        lastChoice: records.coolingOffLastChoice,
      },
    }
  }

  /** Refuses the call while an earlier UK step is owed, naming it (the regulation's order). */
  function assertEarlierStepsDone(standings: UkStandings, before: JourneyStepId) {
    const order: [JourneyStepId, keyof UkStandings][] = [
      ['uk_risk_warning', 'riskWarning'],
      ['uk_categorisation', 'categorisation'],
      ['uk_appropriateness', 'appropriateness'],
    ]
    for (const [step, key] of order) {
      if (step === before) return
      if (standings[key] !== 'done') throw stepRequired(step)
    }
  }

  function assertTextVersion(given: string, current: string) {
    if (given !== current)
      throw badField('textVersion', 'This text has changed since it was shown: please read it again')
  }

  async function decideRiskWarning(customerId: string, input: Omit<UkRiskDecisionRequest, 'brandName'>) {
    assertTextVersion(input.textVersion, UK_PERSONAL_RISK_WARNING.version)
    const fullName = await fullNameOf(customerId)
    // The warning is personalised: it is shown only once the full name is known.
    if (!fullName) throw new AppError('details_required')
    const records = await recordsOf(customerId)
    if (ukStandings(records, clock.now()).riskWarning === 'done') throw new AppError('step_done')
    const now = clock.now()
    await db.insert(ukRiskWarningDecisions).values({
      customerId,
      textVersion: input.textVersion,
      nameShown: fullName,
      choice: input.choice,
      summaryOpened: input.summaryOpened,
      decidedAt: now,
    })
    // Continuing past the warning is the customer asking to go on to buy: the cooling-off starts now at the latest.
    if (input.choice === 'continue') await recordRequestToBuy(customerId)
  }

  async function categorise(customerId: string, input: Omit<UkCategoriseRequest, 'brandName'>) {
    assertTextVersion(input.textVersion, UK_CATEGORISATION_STATEMENTS.version)
    const now = clock.now()
    const { statement } = input
    if (
      statement.category === 'certified_sophisticated' &&
      statement.certificateDate &&
      new Date(`${statement.certificateDate}T00:00:00Z`) > now
    )
      throw badField('statement.certificateDate', 'The certificate date cannot be in the future')
    const fullName = await fullNameOf(customerId)
    if (!fullName) throw new AppError('details_required')
    if (normalisedName(input.signature) !== normalisedName(fullName))
      throw badField('signature', 'Sign with your full name, as in your details')
    const records = await recordsOf(customerId)
    const standings = ukStandings(records, now)
    assertEarlierStepsDone(standings, 'uk_categorisation')
    if (standings.categorisation === 'done') throw new AppError('step_done')
    if (standings.categorisation === 'waiting' && records.categorisation)
      throw new AppError('step_waiting', 200, {
        step: 'uk_categorisation',
        retryAfterSeconds: secondsUntil(newStatementFrom(records.categorisation.signedAt), now),
      })
    const qualified = statementQualifies(statement, now)
    const { category, ...answers } = statement
    const validUntil = qualified ? categorisationValidUntil(now) : null
    await db.insert(ukCategorisations).values({
      customerId,
      textVersion: input.textVersion,
      category,
      answers,
      qualified,
      signature: input.signature,
      nameOnRecord: fullName,
      signedAt: now,
      validUntil,
    })
    return {
      qualified,
      category,
      validUntil: validUntil?.toISOString() ?? null,
      newStatementFrom: qualified ? null : newStatementFrom(now).toISOString(),
    }
  }

  /** Refuses an assessment call while earlier steps are owed, after a pass, or during a lock. */
  async function assessmentStandingOf(customerId: string, assetType: UkAssetType) {
    const now = clock.now()
    const records = await recordsOf(customerId, assetType)
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
  async function questionSetFor(customerId: string, assetType: UkAssetType) {
    const { assessment, set, attempt } = await assessmentStandingOf(customerId, assetType)
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
  async function answerQuestions(customerId: string, input: Omit<UkAnswerQuestionsRequest, 'brandName'>) {
    const { assessment, set, attempt, now } = await assessmentStandingOf(customerId, input.assetType)
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
      await db.insert(ukAssessmentAttempts).values({
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

  async function decideCoolingOff(customerId: string, input: Omit<UkCoolingOffDecisionRequest, 'brandName'>) {
    assertTextVersion(input.textVersion, UK_COOLING_OFF.version)
    const now = clock.now()
    const records = await recordsOf(customerId)
    const standings = ukStandings(records, now)
    assertEarlierStepsDone(standings, 'uk_cooling_off')
    if (standings.coolingOff === 'done') throw new AppError('step_done')
    if (!records.coolingOff) throw stepRequired('uk_risk_warning')
    if (standings.coolingOff === 'waiting')
      throw new AppError('step_waiting', 200, {
        step: 'uk_cooling_off',
        retryAfterSeconds: secondsUntil(records.coolingOff.endsAt, now),
      })
    await db
      .insert(ukCoolingOffDecisions)
      .values({ customerId, textVersion: input.textVersion, choice: input.choice, decidedAt: now })
  }

  return {
    standingsOf,
    recordRequestToBuy,
    statusOf,
    decideRiskWarning,
    categorise,
    questionSetFor,
    answerQuestions,
    decideCoolingOff,
  }
}
