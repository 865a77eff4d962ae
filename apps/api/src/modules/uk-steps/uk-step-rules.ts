import type { JourneyStepId } from '@exchange/shared/journey-steps'
import { AppError, stepRequired } from '../../errors'
import type { UkStandings } from './uk-standing'

/** A refusal of bad input with the field it is about: nothing is stored. */
export const badField = (field: string, message: string) =>
  new AppError('validation_failed', 400, { fields: { [field]: message } })

export const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))

/** Refuses the call while an earlier UK step is owed, naming it (the regulation's order). */
export function assertEarlierStepsDone(standings: UkStandings, before: JourneyStepId) {
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

export function assertTextVersion(given: string, current: string) {
  if (given !== current) throw badField('textVersion', 'This text has changed since it was shown: please read it again')
}
