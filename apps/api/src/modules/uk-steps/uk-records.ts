import { and, count, desc, eq } from 'drizzle-orm'
import {
  UK_CATEGORISATION_STATEMENTS,
  UK_COOLING_OFF,
  UK_COOLING_OFF_HOURS,
  UK_PERSONAL_RISK_WARNING,
} from '@exchange/shared/uk-regulation'
import type { UkAssetType, UkStepsStatus } from '@exchange/shared/uk-steps.schemas'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import {
  ukAssessmentAttempts,
  ukCategorisations,
  ukCoolingOffDecisions,
  ukCoolingOffStarts,
  ukRiskWarningDecisions,
} from '../../db/tables/modules/uk-steps'
import { AppError } from '../../errors'
import { type UkRecords, type UkStandings, newStatementFrom, ukStandings } from './uk-standing'

export interface UkStepsServiceDeps {
  db: Database
  clock: Clock
}

const HOUR_MS = 3_600_000
const DEFAULT_ASSET_TYPE: UkAssetType = 'cryptoasset'

export async function fullNameOf({ db }: UkStepsServiceDeps, customerId: string): Promise<string | null> {
  const [customer] = await db
    .select({ firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(eq(customers.id, customerId))
  if (!customer) throw new AppError('unauthorized', 401)
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ').trim()
  return customer.firstName && customer.lastName && name ? name : null
}

export async function recordsOf(
  { db }: UkStepsServiceDeps,
  customerId: string,
  assetType: UkAssetType = DEFAULT_ASSET_TYPE,
): Promise<UkRecords> {
  const [risk, categorisation, attempts, passed, lastAttempt, start, coolingOffDecision, continued] = await Promise.all(
    [
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
    ],
  )
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
export async function standingsOf(
  deps: UkStepsServiceDeps,
  customerId: string,
): Promise<UkStandings & { coolingOffStarted: boolean }> {
  const records = await recordsOf(deps, customerId)
  return { ...ukStandings(records, deps.clock.now()), coolingOffStarted: records.coolingOff !== null }
}

/**
 * The customer's first request to buy starts the 24-hour cooling-off on the server clock; later requests change
 * nothing (the unique index keeps the first).
 */
export async function recordRequestToBuy({ db, clock }: UkStepsServiceDeps, customerId: string): Promise<void> {
  const now = clock.now()
  await db
    .insert(ukCoolingOffStarts)
    .values({ customerId, startedAt: now, endsAt: new Date(now.getTime() + UK_COOLING_OFF_HOURS * HOUR_MS) })
    .onConflictDoNothing({ target: ukCoolingOffStarts.customerId })
}

/** What the web shows of the UK steps: each step's standing, times and text versions. */
export async function statusOf(deps: UkStepsServiceDeps, customerId: string, isUk: boolean): Promise<UkStepsStatus> {
  const { db, clock } = deps
  const [fullName, records, latestCategorisation] = await Promise.all([
    fullNameOf(deps, customerId),
    recordsOf(deps, customerId),
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
