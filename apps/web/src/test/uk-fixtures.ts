import { UK_CATEGORISATION_STATEMENTS, UK_COOLING_OFF, UK_PERSONAL_RISK_WARNING } from '@exchange/shared/uk-regulation'
import { UkStepsStatusAnswer, type UkStepsStatus } from '@exchange/shared/uk-steps.schemas'
import type { MockAnswer } from './mock-api'

type Overrides = {
  [K in keyof UkStepsStatus]?: UkStepsStatus[K] extends object ? Partial<UkStepsStatus[K]> : UkStepsStatus[K]
}

/** `ukStepsStatus` of a UK customer who has done nothing yet, changed by `overrides`; checked against the schema. */
export function ukStatus(overrides: Overrides = {}): MockAnswer {
  const base: UkStepsStatus = {
    isUk: true,
    fullName: 'Ada Lovelace',
    riskWarning: {
      state: 'required',
      textVersion: UK_PERSONAL_RISK_WARNING.version,
      lastChoice: null,
      decidedAt: null,
    },
    categorisation: {
      state: 'required',
      textVersion: UK_CATEGORISATION_STATEMENTS.version,
      category: null,
      validUntil: null,
      newStatementFrom: null,
    },
    appropriateness: { state: 'required', assetType: 'cryptoasset', attempts: 0, passedAt: null, lockedUntil: null },
    coolingOff: {
      state: 'required',
      textVersion: UK_COOLING_OFF.version,
      startedAt: null,
      endsAt: null,
      lastChoice: null,
    },
  }
  const data = {
    ...base,
    ...overrides,
    riskWarning: { ...base.riskWarning, ...overrides.riskWarning },
    categorisation: { ...base.categorisation, ...overrides.categorisation },
    appropriateness: { ...base.appropriateness, ...overrides.appropriateness },
    coolingOff: { ...base.coolingOff, ...overrides.coolingOff },
  }
  return { body: UkStepsStatusAnswer.parse({ result: true, data }) }
}

/** The UK steps before the cooling-off, done. */
export const EARLIER_UK_STEPS_DONE = {
  riskWarning: { state: 'done', lastChoice: 'continue', decidedAt: '2026-03-01T09:00:00.000Z' },
  categorisation: { state: 'done', category: 'restricted', validUntil: '2027-03-01T09:05:00.000Z' },
  appropriateness: { state: 'done', attempts: 1, passedAt: '2026-03-01T09:10:00.000Z' },
} as const satisfies Overrides
