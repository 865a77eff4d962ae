import { OPERATOR_REFUSALS } from '@exchange/shared/operator-refusals'

/** What an operator reads when the api refuses an action: the server pages' sentences, by error code. */
export const REFUSALS = OPERATOR_REFUSALS

/** The session ended or never was: the api answered 401. */
const SIGNED_OUT = 'You are not signed in, or your session has ended.'
/** The network failed before an answer came. */
export const NO_ANSWER = 'Not sent: the server did not answer. Check the connection and try again.'
/** An answer that is not the contract's (a newer api, a proxy's page). */
export const UNREADABLE = 'The server answered something this page cannot read. Reload the page.'
/** A 403 without a known code: the role guard. */
const NOT_YOUR_ROLE = 'Not open to your roles. Ask an admin if you need it.'
/** After an action that asks a second operator (the server pages' "Asked: …"). */
export const ASKED = 'Asked: a second operator of the role approves or declines it.'

/** The sentence for an error code, or one that names the code when the list has none. */
export function refusalSentence(code: string | null, status: number): string {
  if (status === 401) return SIGNED_OUT
  if (code && REFUSALS[code]) return REFUSALS[code]
  if (status === 403) return NOT_YOUR_ROLE
  return code ? `Not done (${code}).` : `Not done: the server answered ${status}.`
}
