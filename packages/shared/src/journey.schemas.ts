import { z } from 'zod'
import { answerOf, successAnswer } from './answer'
import { JourneyAction, JourneyStepId, JourneyStepState } from './journey-steps'
import { BrandName } from './validators'

export const OwedStep = z.object({
  id: JourneyStepId,
  state: JourneyStepState,
  /** The actions this step stands in the way of, while it is owed. */
  blocks: z.array(JourneyAction),
  /** The web route of the step's screen. */
  screen: z.string(),
})
export type OwedStep = z.infer<typeof OwedStep>

export const JourneyStatusRequest = z.object({ brandName: BrandName })
export const JourneyStatusAnswer = answerOf(
  successAnswer({
    data: z.object({
      /** Every step still owed, in the order the customer meets them; empty when nothing is owed. */
      steps: z.array(OwedStep),
      /** The first owed step the customer can act on (not waiting for a decision), or null. */
      next: OwedStep.nullable(),
      /**
       * Per action, the step that blocks it now, or null when the action may go ahead. `pay` leaves out the wallet,
       * which is the one of each order (its payment answers `step_required` with `wallet` while it is not proven).
       */
      blocked: z.object({
        start_order: JourneyStepId.nullable(),
        pay: JourneyStepId.nullable(),
        payout: JourneyStepId.nullable(),
      }),
    }),
  }),
)
export type JourneyStatusAnswer = z.infer<typeof JourneyStatusAnswer>
