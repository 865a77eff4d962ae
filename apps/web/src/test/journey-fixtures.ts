import { SOURCE_OF_FUNDS_QUESTIONS, QUESTIONNAIRE_QUESTIONS } from '@exchange/shared/due-diligence.schemas'
import { JourneyStatusAnswer, type OwedStep } from '@exchange/shared/journey.schemas'
import { JOURNEY_STEP_SCREENS, type JourneyStepId, type JourneyStepState } from '@exchange/shared/journey-steps'
import type { MockAnswer } from './mock-api'

const BLOCKS: Record<JourneyStepId, OwedStep['blocks']> = {
  email: ['start_order', 'pay', 'payout'],
  source_of_funds: ['start_order', 'pay', 'payout'],
  enhanced_checks: ['start_order', 'pay', 'payout'],
  details: ['pay', 'payout'],
  identity: ['pay', 'payout'],
  wallet: ['pay', 'payout'],
  uk_risk_warning: ['start_order', 'pay'],
  uk_categorisation: ['start_order', 'pay'],
  uk_appropriateness: ['start_order', 'pay'],
  uk_cooling_off: ['start_order', 'pay'],
  agreement: ['start_order', 'pay'],
}

/** An owed step as the journey engine describes it. */
export function owed(id: JourneyStepId, state: JourneyStepState = 'required'): OwedStep {
  return { id, state, blocks: BLOCKS[id], screen: JOURNEY_STEP_SCREENS[id] }
}

/** `journeyStatus`'s answer for these owed steps, checked against the shared schema. */
export function journeyAnswer(steps: OwedStep[]): MockAnswer {
  const first = (action: 'start_order' | 'pay' | 'payout') =>
    steps.find((step) => step.blocks.includes(action))?.id ?? null
  return {
    body: JourneyStatusAnswer.parse({
      result: true,
      data: {
        steps,
        next: steps.find((step) => step.state === 'required') ?? null,
        blocked: { start_order: first('start_order'), pay: first('pay'), payout: first('payout') },
      },
    }),
  }
}

export const sofQuestions = { ...SOURCE_OF_FUNDS_QUESTIONS } as Record<string, string>
export const questQuestions = { ...QUESTIONNAIRE_QUESTIONS } as Record<string, string>
