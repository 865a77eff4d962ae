import type { OwedStep } from '@exchange/shared/journey.schemas'
import { JOURNEY_STEP_IDS, type JourneyStepId, type JourneyStepState } from '@exchange/shared/journey-steps'
import { formatDateTime } from '../../lib/format'
import { journeyCatalog, type JourneyId } from './messages'

/** A step's key in the journey catalog: its name, its button, its name inside a sentence, its shared copy. */
const stepKey = (id: JourneyStepId, part: 'title' | 'action' | 'name') => `journey.step.${id}.${part}` as JourneyId

/**
 * Each step as the customer reads it: a name and the button to its screen, in the language in force (read while
 * rendering, never when a module loads).
 */
export const STEP_NAMES: Record<JourneyStepId, { readonly title: string; readonly action: string }> =
  Object.fromEntries(
    JOURNEY_STEP_IDS.map((id) => [
      id,
      {
        get title() {
          return journeyCatalog.t(stepKey(id, 'title'))
        },
        get action() {
          return journeyCatalog.t(stepKey(id, 'action'))
        },
      },
    ]),
  ) as Record<JourneyStepId, { readonly title: string; readonly action: string }>

/** What to do for a step (the shared STEP_COPY), in the customer's language. */
export function stepCopy(id: JourneyStepId): string {
  return journeyCatalog.t(`journey.stepCopy.${id}` as JourneyId)
}

/** Where a step stands, as its badge says it. */
export function stateLabel(state: JourneyStepState): string {
  return journeyCatalog.t(`journey.state.${state}` as JourneyId)
}

export const STATE_COLORS: Record<JourneyStepState, string> = {
  required: 'orange',
  in_review: 'blue',
  rejected: 'red',
  waiting: 'gray',
}

/** What the step holds up while it is owed: new orders, paying for one (decision 080), or sending the coins. */
function blocks(step: OwedStep): 'start_order' | 'pay' | 'payout' {
  if (step.blocks.includes('start_order')) return 'start_order'
  return step.blocks.includes('pay') ? 'pay' : 'payout'
}

/** What the state means for the customer, and what to do, in a sentence or two. */
export function stepExplanation(step: OwedStep): string {
  const { t } = journeyCatalog
  const held = { blocks: blocks(step) }
  switch (step.state) {
    case 'required':
      return t('journey.explain.required', { copy: stepCopy(step.id), ...held })
    case 'in_review':
      return t(step.id === 'identity' ? 'journey.explain.identityReview' : 'journey.explain.review', held)
    case 'rejected':
      return t('journey.explain.rejected', held)
    case 'waiting':
      // A running cooling-off, or a pause after a failed attempt (decision 041): nothing to do until it ends.
      return t('journey.explain.waiting', held)
  }
}

/** The button of a step: act on it while it is required, else see where it stands. */
export function stepButtonLabel(step: OwedStep): string {
  if (step.state === 'required') return STEP_NAMES[step.id].action
  return journeyCatalog.t(
    step.state === 'in_review' || step.state === 'waiting' ? 'journey.button.whereItStands' : 'journey.button.whatToDo',
  )
}

/**
 * The one line the step's screen shows when the customer was sent there by a refused order (decision 038), and the
 * line the calculator shows when the step is waiting for a decision instead.
 */
export function stepRequiredLine(step: JourneyStepId): string {
  return journeyCatalog.t(`journey.required.${step}` as JourneyId)
}

/** A step locked after an answer that did not pass: when it opens again, and that nothing can be done before. */
export function lockedLine(step: JourneyStepId, until: string): string {
  return journeyCatalog.t('journey.locked', { title: STEP_NAMES[step].title, time: formatDateTime(until) })
}

/** The calculator's line for an order refused for a step the customer cannot act on now; `lockedUntil` for a lock. */
export function waitingLine(step: OwedStep, lockedUntil?: string): string {
  const { t } = journeyCatalog
  if (step.state === 'waiting' && lockedUntil)
    return t('journey.waiting.locked', { locked: lockedLine(step.id, lockedUntil) })
  if (step.state === 'waiting') return t('journey.waiting.waiting', { line: stepRequiredLine(step.id) })
  const what = t(stepKey(step.id, 'name'))
  return t(step.state === 'rejected' ? 'journey.waiting.rejected' : 'journey.waiting.review', { what })
}

/**
 * What a paid order waiting for `step` asks of the customer (decision 087): the step's action while the customer can
 * act on it (also when the journey does not list it: the wallet of one order), else where it stands.
 */
export function waitingOrderAction(
  step: JourneyStepId,
  owed: OwedStep | undefined,
): { explanation: string; button: string; required: boolean } {
  const { t } = journeyCatalog
  const state = owed?.state ?? 'required'
  const what = STEP_NAMES[step].title
  switch (state) {
    case 'required':
      return {
        explanation: t('journey.order.required', { copy: stepCopy(step) }),
        button: STEP_NAMES[step].action,
        required: true,
      }
    case 'in_review':
      return {
        explanation: t('journey.order.review', { what }),
        button: t('journey.button.whereItStands'),
        required: false,
      }
    case 'waiting':
      return { explanation: t('journey.order.waiting', { what }), button: t('journey.button.when'), required: false }
    case 'rejected':
      return {
        explanation: t('journey.order.rejected', { what }),
        button: t('journey.button.whatToDo'),
        required: false,
      }
  }
}
