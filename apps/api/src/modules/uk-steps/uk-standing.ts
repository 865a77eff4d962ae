import { UK_CATEGORISATION_VALID_MONTHS, UK_CERTIFICATE_VALID_YEARS } from '@exchange/shared/uk-regulation'
import {
  UK_ASSESSMENT_LOCK_HOURS,
  UK_CATEGORISATION_PAUSE_HOURS,
  type UkStatement,
  type UkStepState,
} from '@exchange/shared/uk-steps.schemas'

const HOUR_MS = 3_600_000

/** The newest stored record of each UK step, as the service reads them: what the standings are decided from. */
export interface UkRecords {
  riskWarning: { choice: 'continue' | 'leave'; decidedAt: Date } | null
  categorisation: { qualified: boolean; signedAt: Date; validUntil: Date | null } | null
  assessment: { attempts: number; passedAt: Date | null; lockedUntil: Date | null }
  coolingOff: { startedAt: Date; endsAt: Date } | null
  /** Whether "continue" was ever chosen after the cooling-off (once per customer). */
  coolingOffContinued: boolean
  coolingOffLastChoice: 'continue' | 'leave' | null
}

export interface UkStandings {
  riskWarning: UkStepState
  categorisation: UkStepState
  appropriateness: UkStepState
  coolingOff: UkStepState
}

/**
 * Where each UK step stands at `now` (uk-regulation.md section 3, decision 041). Leaving the warning or the
 * cooling-off leaves the step to do: the customer can come back and continue.
 */
export function ukStandings(records: UkRecords, now: Date): UkStandings {
  return {
    riskWarning: records.riskWarning?.choice === 'continue' ? 'done' : 'required',
    categorisation: categorisationStanding(records.categorisation, now),
    appropriateness: records.assessment.passedAt
      ? 'done'
      : records.assessment.lockedUntil && records.assessment.lockedUntil > now
        ? 'waiting'
        : 'required',
    coolingOff: records.coolingOffContinued
      ? 'done'
      : records.coolingOff && records.coolingOff.endsAt > now
        ? 'waiting'
        : 'required',
  }
}

function categorisationStanding(latest: UkRecords['categorisation'], now: Date): UkStepState {
  if (!latest) return 'required'
  if (latest.qualified) return latest.validUntil && latest.validUntil > now ? 'done' : 'required'
  return newStatementFrom(latest.signedAt) > now ? 'waiting' : 'required'
}

/** After a statement that did not qualify, no new statement for a while: the web offers no other category meanwhile. */
export function newStatementFrom(failedAt: Date): Date {
  return new Date(failedAt.getTime() + UK_CATEGORISATION_PAUSE_HOURS * HOUR_MS)
}

/** A qualifying statement is valid for 12 calendar months from signing, then signed again. */
export function categorisationValidUntil(signedAt: Date): Date {
  const until = new Date(signedAt)
  until.setUTCMonth(until.getUTCMonth() + UK_CATEGORISATION_VALID_MONTHS)
  return until
}

/**
 * Each statement's own qualifying rule: restricted when A and B are both yes, high net worth when A or B is yes,
 * certified sophisticated with a certificate issued within the last three years (a certificate dated in the future
 * is refused as bad input before this is asked).
 */
export function statementQualifies(statement: UkStatement, now: Date): boolean {
  switch (statement.category) {
    case 'restricted':
      return statement.investedUnderTenPercent && statement.willLimitToTenPercent
    case 'high_net_worth':
      return statement.incomeOver100k || statement.netAssetsOver250k
    case 'certified_sophisticated': {
      if (!statement.certified || !statement.certificateDate) return false
      const oldest = new Date(now)
      oldest.setUTCFullYear(oldest.getUTCFullYear() - UK_CERTIFICATE_VALID_YEARS)
      return new Date(`${statement.certificateDate}T23:59:59.999Z`) >= oldest
    }
  }
}

/** The lock after a failed attempt: none after the first fail, 24 hours after the second and every later one. */
export function lockAfterFail(failsSoFar: number, failedAt: Date): Date | null {
  return failsSoFar >= 2 ? new Date(failedAt.getTime() + UK_ASSESSMENT_LOCK_HOURS * HOUR_MS) : null
}

/** The set of the next attempt: the one after the previous attempt's, so a retake never repeats the last set. */
export function nextSetIndex(attemptsSoFar: number, setCount: number): number {
  return attemptsSoFar % setCount
}

/** The name a signature is compared with: case, accents' composition and spacing do not matter. */
export function normalisedName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-GB')
}
