import * as WEB_PATHS from '@exchange/shared/web-paths'
import type { FailureAnswer } from '@exchange/shared/answer'
import type { ErrorCode } from '@exchange/shared/errors'
import { ERROR_COPY } from '@exchange/shared/error-copy'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import type { UkInvestorCategory } from '@exchange/shared/uk-regulation'
import type { UkStepsStatus } from '@exchange/shared/uk-steps.schemas'
import { localizeCopy } from '../../lib/common-copy'
import { formatDateTime } from '../../lib/format'
import { ukRiskCatalog } from './messages'

/**
 * The UK steps' words in the customer's language (decision 129), said while rendering or by a handler of a screen
 * whose component has loaded the catalog. The regulatory texts themselves stay English (uk-regulation.ts).
 */

/**
 * Each statement's own qualifying rule, shown with the category before the customer chooses (uk-regulation.md
 * section 3). Worded the same way for every category: none is steered towards.
 */
export const categoryRule = (category: UkInvestorCategory) => ukRiskCatalog.t(`uk-risk.rule.${category}`)

type UkRiskId = Parameters<typeof ukRiskCatalog.t>[0]

/** The shared refusals a UK step's screen words itself (`ERROR_COPY`'s words in English). */
export const STEP_ERRORS: Partial<Record<ErrorCode, UkRiskId>> = {
  step_waiting: 'uk-risk.error.step_waiting',
  step_required: 'uk-risk.error.step_required',
  step_done: 'uk-risk.error.step_done',
}

/** A shared refusal in the customer's language. */
function errorCopy(error: ErrorCode): string {
  const key = STEP_ERRORS[error]
  return key ? ukRiskCatalog.t(key) : localizeCopy(ERROR_COPY[error] ?? ALERT_MESSAGES.somethingWentWrong)
}

/** What a refusal means on a UK step's screen; the screen shows the api's field messages beside the fields. */
export function ukAlertCopy(answer: FailureAnswer | false): string {
  if (answer === false) return ukRiskCatalog.t('uk-risk.alert.sessionEnded')
  switch (answer.error) {
    case 'validation_failed':
      return answer.fields?.textVersion || answer.fields?.version || answer.fields?.setId
        ? ukRiskCatalog.t('uk-risk.alert.textChanged')
        : localizeCopy(ALERT_MESSAGES.checkDetails)
    case 'step_waiting':
      return answer.retryAfterSeconds !== undefined
        ? ukRiskCatalog.t('uk-risk.alert.waitingUntil', {
            time: formatDateTime(new Date(Date.now() + answer.retryAfterSeconds * 1000).toISOString()),
          })
        : errorCopy('step_waiting')
    case 'details_required':
      return ukRiskCatalog.t('uk-risk.alert.detailsRequired')
    default:
      return errorCopy(answer.error)
  }
}

export type StepKey = 'riskWarning' | 'categorisation' | 'appropriateness'

/** An earlier UK step as the screens offer it: its screen, and its key (the messages name it, `{step, select, …}`). */
export interface EarlierStep {
  key: StepKey
  screen: string
}

/** The UK steps before `step`, in the regulation's order, with their screens. */
const EARLIER_STEPS: EarlierStep[] = [
  { key: 'riskWarning', screen: WEB_PATHS.riskWarning },
  { key: 'categorisation', screen: WEB_PATHS.categorisation },
  { key: 'appropriateness', screen: WEB_PATHS.assessment },
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
  return ukRiskCatalog.t('uk-risk.availableAgain', { time: formatDateTime(lockedUntil) })
}
