import type { JourneyStepId } from '@exchange/shared/journey-steps'
import type { JourneyServiceDeps } from './journey-deps'
import { factsOf } from './journey-facts'
import {
  assertMayPay,
  assertMayStartOrder,
  journeyOf,
  payoutBlockedBy,
  startOrderBlockedBy,
  stepsOf,
} from './journey-questions'

export type { JourneyServiceDeps }

export type JourneyService = ReturnType<typeof createJourneyService>

const UK_STEPS: readonly JourneyStepId[] = [
  'uk_risk_warning',
  'uk_categorisation',
  'uk_appropriateness',
  'uk_cooling_off',
]

/**
 * The journey engine's door (decision 036): loads a customer's facts from stored records and asks the rules in
 * `journey-rules.ts` what is owed. Writes nothing itself; a UK customer's first request to buy is recorded by the UK
 * steps module, as it starts the cooling-off (decision 041).
 */
export function createJourneyService(deps: JourneyServiceDeps) {
  const parts = { ...deps, ukStepsAsked: UK_STEPS.some((step) => !deps.policy.skipSteps.includes(step)) }
  return {
    journeyOf: journeyOf.bind(null, parts),
    startOrderBlockedBy: startOrderBlockedBy.bind(null, parts),
    assertMayStartOrder: assertMayStartOrder.bind(null, parts),
    assertMayPay: assertMayPay.bind(null, parts),
    payoutBlockedBy: payoutBlockedBy.bind(null, parts),
    factsOf: factsOf.bind(null, parts),
    stepsOf: stepsOf.bind(null, parts),
  }
}
