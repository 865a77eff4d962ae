import { UK_CATEGORISATION_STATEMENTS, UK_COOLING_OFF, UK_PERSONAL_RISK_WARNING } from '@exchange/shared/uk-regulation'
import type {
  UkCategoriseRequest,
  UkCoolingOffDecisionRequest,
  UkRiskDecisionRequest,
} from '@exchange/shared/uk-steps.schemas'
import { ukCategorisations, ukCoolingOffDecisions, ukRiskWarningDecisions } from '../../db/tables/modules/uk-steps'
import { AppError, stepRequired } from '../../errors'
import { type UkStepsServiceDeps, fullNameOf, recordRequestToBuy, recordsOf } from './uk-records'
import { assertEarlierStepsDone, assertTextVersion, badField, secondsUntil } from './uk-step-rules'
import {
  categorisationValidUntil,
  newStatementFrom,
  normalisedName,
  statementQualifies,
  ukStandings,
} from './uk-standing'

export async function decideRiskWarning(
  deps: UkStepsServiceDeps,
  customerId: string,
  input: Omit<UkRiskDecisionRequest, 'brandName'>,
) {
  const { db, clock } = deps
  assertTextVersion(input.textVersion, UK_PERSONAL_RISK_WARNING.version)
  const fullName = await fullNameOf(deps, customerId)
  // The warning is personalised: it is shown only once the full name is known.
  if (!fullName) throw new AppError('details_required')
  const records = await recordsOf(deps, customerId)
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
  if (input.choice === 'continue') await recordRequestToBuy(deps, customerId)
}

export async function categorise(
  deps: UkStepsServiceDeps,
  customerId: string,
  input: Omit<UkCategoriseRequest, 'brandName'>,
) {
  const { db, clock } = deps
  assertTextVersion(input.textVersion, UK_CATEGORISATION_STATEMENTS.version)
  const now = clock.now()
  const { statement } = input
  if (
    statement.category === 'certified_sophisticated' &&
    statement.certificateDate &&
    new Date(`${statement.certificateDate}T00:00:00Z`) > now
  )
    throw badField('statement.certificateDate', 'The certificate date cannot be in the future')
  const fullName = await fullNameOf(deps, customerId)
  if (!fullName) throw new AppError('details_required')
  if (normalisedName(input.signature) !== normalisedName(fullName))
    throw badField('signature', 'Sign with your full name, as in your details')
  const records = await recordsOf(deps, customerId)
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

export async function decideCoolingOff(
  deps: UkStepsServiceDeps,
  customerId: string,
  input: Omit<UkCoolingOffDecisionRequest, 'brandName'>,
) {
  const { db, clock } = deps
  assertTextVersion(input.textVersion, UK_COOLING_OFF.version)
  const now = clock.now()
  const records = await recordsOf(deps, customerId)
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
