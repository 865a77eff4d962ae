/**
 * What an operator reads when the api refuses an action, keyed by the error code: the server pages show it after a
 * refused form (operator.routes.ts), the back office app after a refused JSON call (apps/web/src/back-office). JSON
 * clients get the code alone, as every client does. English only, as the back office (decision 134).
 */
export const OPERATOR_REFUSALS: Partial<Record<string, string>> = {
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
  four_eyes_pending: 'Not asked: a request for this already waits for a second operator.',
  service_unavailable: 'Not sent: it is being sent right now. Look again in a minute.',
  transition_not_allowed: 'Not done: not possible in its present state (a closed ticket takes no more messages).',
  rate_limited: 'Not sent: this ticket holds the most messages it can. Ask the customer to open a new one.',
}
