import type { FailureAnswer } from '@exchange/shared/answer'
import type { JourneyStepId } from '@exchange/shared/journey-steps'
import { orderAlertCopy } from '../../lib/order-copy'

/**
 * Leads the customer to the step a payment of this order waits for (decision 080), and back to the order once it is
 * done. Answers the line to show instead when the step waits for a decision or was refused (nothing to click).
 */
export type OnPaymentStepRequired = (step: JourneyStepId, orderReference: string) => Promise<string | null>

/**
 * A payment call refused: `step_required` leads to the step (the screen shows the answered line, if any); any other
 * refusal is shown in words.
 */
export function showPaymentRefusal(
  answer: Pick<FailureAnswer, 'error' | 'step'>,
  orderReference: string,
  onStepRequired: OnPaymentStepRequired | undefined,
  setError: (message: string | null) => void,
): void {
  if (answer.error === 'step_required' && answer.step && onStepRequired) {
    void onStepRequired(answer.step, orderReference).then(setError)
    return
  }
  setError(orderAlertCopy(answer))
}
