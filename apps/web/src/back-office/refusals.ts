/**
 * What an operator reads when the api refuses an action: the same sentences as the server pages' (REFUSALS in
 * apps/api/src/modules/operator/operator.routes.ts), keyed by the error code of the JSON answer. The back office is in
 * English only (decision 134), like those pages.
 */
export const REFUSALS: Partial<Record<string, string>> = {
  validation_failed: 'Not done: a field is missing or not valid (a reason needs at least 3 characters).',
  customer_not_found: 'Not done: there is no such customer.',
  identity_not_in_review:
    'Not done: the identity check of this customer is not waiting for a person (already decided?).',
  identity_name_unknown:
    'Not approved: neither the identity provider nor the customer gave a name to compare payments with. Ask the customer for their details first.',
  review_not_pending: 'Not done: this is not waiting for a decision (already decided, or not a proof of address?).',
  customer_not_under_review: 'Not opened: this customer is not under review. Give a reason to open their file.',
  not_found: 'Not found.',
  forbidden: 'Not done: this request is decided by another role.',
  four_eyes_own_request:
    'Not done: you asked for this yourself. A second operator approves or declines it (four eyes).',
  four_eyes_decided: 'Not done: this request was already approved or declined.',
  four_eyes_pending: 'Not asked: a request for this already waits for a second operator (below).',
  service_unavailable: 'Not sent: it is being sent right now. Look again in a minute.',
  transition_not_allowed: 'Not done: not possible in its present state (a closed ticket takes no more messages).',
  rate_limited: 'Not sent: this ticket holds the most messages it can. Ask the customer to open a new one.',
}

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
