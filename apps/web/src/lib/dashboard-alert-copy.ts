import type { FailureAnswer } from '@exchange/shared/answer'
import { ERROR_COPY } from '@exchange/shared/error-copy'

/** Copy for a failed answer on a signed-in screen: the code's own message where it has one, else the screen's message. */
export function alertCopyFor(failure: Pick<FailureAnswer, 'error'>, screenMessage: string): string {
  return ERROR_COPY[failure.error] ?? screenMessage
}
