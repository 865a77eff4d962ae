import { describe, expect, it } from 'vitest'
import { UK_ASSESSMENT_TOPICS } from '@exchange/shared/uk-steps.schemas'
import { UK_ASSESSMENTS } from './appropriateness-questions'
import {
  type UkRecords,
  categorisationValidUntil,
  lockAfterFail,
  nextSetIndex,
  normalisedName,
  statementQualifies,
  ukStandings,
} from './uk-standing'

const now = new Date('2026-11-22T09:00:00Z')
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000)

const nothing: UkRecords = {
  riskWarning: null,
  categorisation: null,
  assessment: { attempts: 0, passedAt: null, lockedUntil: null },
  coolingOff: null,
  coolingOffContinued: false,
  coolingOffLastChoice: null,
}
const records = (change: Partial<UkRecords>): UkRecords => ({ ...nothing, ...change })

describe('UK step standings', () => {
  it('a new customer owes every step', () => {
    expect(ukStandings(nothing, now)).toEqual({
      riskWarning: 'required',
      categorisation: 'required',
      appropriateness: 'required',
      coolingOff: 'required',
    })
  })

  it('the risk warning is done by Continue only; Leave leaves it to do', () => {
    expect(ukStandings(records({ riskWarning: { choice: 'leave', decidedAt: now } }), now).riskWarning).toBe('required')
    expect(ukStandings(records({ riskWarning: { choice: 'continue', decidedAt: now } }), now).riskWarning).toBe('done')
  })

  it('a qualifying statement holds until it expires; a failed one makes the customer wait a day', () => {
    const signed = { qualified: true, signedAt: now, validUntil: hours(24 * 365) }
    expect(ukStandings(records({ categorisation: signed }), now).categorisation).toBe('done')
    expect(ukStandings(records({ categorisation: signed }), hours(24 * 365)).categorisation).toBe('required')
    const failed = { qualified: false, signedAt: now, validUntil: null }
    expect(ukStandings(records({ categorisation: failed }), hours(23)).categorisation).toBe('waiting')
    expect(ukStandings(records({ categorisation: failed }), hours(24)).categorisation).toBe('required')
  })

  it('the assessment is done by a pass and waits while locked', () => {
    const locked = { attempts: 2, passedAt: null, lockedUntil: hours(24) }
    expect(ukStandings(records({ assessment: locked }), hours(23)).appropriateness).toBe('waiting')
    expect(ukStandings(records({ assessment: locked }), hours(24)).appropriateness).toBe('required')
    expect(ukStandings(records({ assessment: { ...locked, passedAt: now } }), now).appropriateness).toBe('done')
  })

  it('the cooling-off waits 24 hours from its start, then needs Continue, once', () => {
    const coolingOff = { startedAt: now, endsAt: hours(24) }
    expect(ukStandings(records({ coolingOff }), hours(23.99)).coolingOff).toBe('waiting')
    expect(ukStandings(records({ coolingOff }), hours(24)).coolingOff).toBe('required')
    expect(ukStandings(records({ coolingOff, coolingOffContinued: true }), hours(24 * 800)).coolingOff).toBe('done')
  })
})

describe('statements', () => {
  it('restricted qualifies with A and B; high net worth with A or B', () => {
    const restricted = (a: boolean, b: boolean) =>
      statementQualifies({ category: 'restricted', investedUnderTenPercent: a, willLimitToTenPercent: b }, now)
    expect([restricted(true, true), restricted(true, false), restricted(false, true)]).toEqual([true, false, false])
    const wealthy = (a: boolean, b: boolean) =>
      statementQualifies({ category: 'high_net_worth', incomeOver100k: a, netAssetsOver250k: b }, now)
    expect([wealthy(true, false), wealthy(false, true), wealthy(false, false)]).toEqual([true, true, false])
  })

  it('certified sophisticated needs a certificate from the last three years', () => {
    const certified = (certificateDate: string, certified = true) =>
      statementQualifies({ category: 'certified_sophisticated', certified, firmName: 'Acme', certificateDate }, now)
    expect(certified('2023-11-22')).toBe(true)
    expect(certified('2023-11-21')).toBe(false)
    expect(certified('2026-01-01', false)).toBe(false)
  })

  it('is valid for 12 calendar months, and a signature ignores case and spacing', () => {
    expect(categorisationValidUntil(now).toISOString()).toBe('2027-11-22T09:00:00.000Z')
    expect(normalisedName('  ada   LOVELACE ')).toBe(normalisedName('Ada Lovelace'))
    expect(normalisedName('Ada Byron')).not.toBe(normalisedName('Ada Lovelace'))
  })
})

describe('the appropriateness assessment', () => {
  const { sets, passMark } = UK_ASSESSMENTS.cryptoasset

  it('keeps at least three question sets that share no question, not even its wording', () => {
    expect(sets.length).toBeGreaterThanOrEqual(3)
    const ids = sets.flatMap((set) => set.questions.map((question) => question.id))
    const texts = sets.flatMap((set) => set.questions.map((question) => question.text))
    expect(new Set(ids).size).toBe(ids.length)
    expect(new Set(texts).size).toBe(texts.length)
  })

  it('asks every topic of the regulation in every set, multiple choice with three plausible answers or more', () => {
    for (const set of sets) {
      expect(set.questions.map((question) => question.topic).sort()).toEqual([...UK_ASSESSMENT_TOPICS].sort())
      for (const question of set.questions) {
        expect(question.text).not.toMatch(/^(can|is|are|do|does|did|will|would|should|could|have|has)\b/i)
        expect(question.options.length).toBeGreaterThanOrEqual(3)
        expect(question.options.map((option) => option.id)).toContain(question.correct)
        for (const option of question.options)
          expect(option.text).not.toMatch(/^(yes|no|don't know|do not know|not sure)\b/i)
      }
    }
    expect(passMark).toBeLessThanOrEqual(sets[0]!.questions.length)
  })

  it('gives a retake a different set from the last one', () => {
    for (let attempts = 0; attempts < 6; attempts++)
      expect(nextSetIndex(attempts + 1, sets.length)).not.toBe(nextSetIndex(attempts, sets.length))
  })

  it('locks for 24 hours after the second fail and every later one, not after the first', () => {
    expect(lockAfterFail(1, now)).toBeNull()
    expect(lockAfterFail(2, now)).toEqual(hours(24))
    expect(lockAfterFail(5, now)).toEqual(hours(24))
  })
})
