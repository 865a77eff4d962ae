import type { FailureAnswer } from '@exchange/shared/answer'
import { ACCOUNT_ERROR_COPY } from '@exchange/shared/messages'

/**
 * Copy for a failed answer on the account screens: the code's own message where it has one, else the screen's message.
 * The signed-in screens use dashboard-alert-copy.ts, whose copy stays out of the first load.
 */
export function alertCopyFor(failure: Pick<FailureAnswer, 'error'>, screenMessage: string): string {
  return ACCOUNT_ERROR_COPY[failure.error] ?? screenMessage
}
