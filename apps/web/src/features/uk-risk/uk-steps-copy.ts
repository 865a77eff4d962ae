import * as WEB_PATHS from '@exchange/shared/web-paths'
import type { FailureAnswer } from '@exchange/shared/answer'
import { ERROR_COPY } from '@exchange/shared/error-copy'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import type { UkInvestorCategory } from '@exchange/shared/uk-regulation'
import type { UkStepsStatus } from '@exchange/shared/uk-steps.schemas'
import { formatDateTime } from '../../lib/format'

/**
 * Each statement's own qualifying rule, shown with the category before the customer chooses (uk-regulation.md
 * section 3). Worded the same way for every category: none is steered towards.
 */
export const CATEGORY_RULES: Record<UkInvestorCategory, string> = {
  restricted: 'You qualify when both A and B apply to you.',
  high_net_worth: 'You qualify when A or B applies to you.',
  certified_sophisticated:
    'You qualify when, in the last three years, an authorised firm gave you a certificate confirming that you understand the risks of cryptoassets.',
}

/** What a refusal means on a UK step's screen; the screen shows the api's field messages beside the fields. */
export function ukAlertCopy(answer: FailureAnswer | false): string {
  if (answer === false) return 'Your session has ended. Please log in again.'
  switch (answer.error) {
    case 'validation_failed':
      return answer.fields?.textVersion || answer.fields?.version || answer.fields?.setId
        ? 'This text has changed since the page was loaded. Please reload the page and read it again.'
        : ALERT_MESSAGES.checkDetails
    case 'step_waiting':
      return answer.retryAfterSeconds !== undefined
        ? `This step is not open yet. You can go on from ${formatDateTime(new Date(Date.now() + answer.retryAfterSeconds * 1000).toISOString())}.`
        : (ERROR_COPY.step_waiting ?? ALERT_MESSAGES.somethingWentWrong)
    case 'details_required':
      return 'Please give us your details first: we need your full name.'
    default:
      return ERROR_COPY[answer.error] ?? ALERT_MESSAGES.somethingWentWrong
  }
}

type StepKey = 'riskWarning' | 'categorisation' | 'appropriateness'

/** The UK steps before `step`, in the regulation's order, with their screens and how the customer reads them. */
const EARLIER_STEPS: { key: StepKey; screen: string; title: string }[] = [
  { key: 'riskWarning', screen: WEB_PATHS.riskWarning, title: 'the risk warning' },
  { key: 'categorisation', screen: WEB_PATHS.categorisation, title: 'the investor type statement' },
  { key: 'appropriateness', screen: WEB_PATHS.assessment, title: 'the cryptoasset questions' },
]

/** Until when a UK step takes no new answer (a statement that did not qualify, a second failed assessment), or null. */
function ukStepLockedUntil(status: UkStepsStatus, key: StepKey): string | null {
  if (status[key].state !== 'waiting') return null
  if (key === 'categorisation') return status.categorisation.newStatementFrom
  if (key === 'appropriateness') return status.appropriateness.lockedUntil
  return null
}

/**
 * The first UK step before this one that is not done yet, or null: the regulation's order (the api refuses too).
 * `lockedUntil` says when a locked step opens again, so that no screen sends the customer to it before then.
 */
export function firstEarlierStepOwed(status: UkStepsStatus, before: StepKey | 'coolingOff') {
  for (const step of EARLIER_STEPS) {
    if (step.key === before) return null
    if (status[step.key].state !== 'done') return { ...step, lockedUntil: ukStepLockedUntil(status, step.key) }
  }
  return null
}

/** How every screen names a locked step's end (decision 087). */
export function availableAgainLine(lockedUntil: string): string {
  return `Available again at ${formatDateTime(lockedUntil)}.`
}
