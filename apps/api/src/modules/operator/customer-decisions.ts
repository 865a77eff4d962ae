import type { OperatorServiceDeps } from './operator-deps'
import { logAction } from './operator-log'

/** Clears or refuses a customer's enhanced checks (their newest questionnaire answer), logged with who and why. */
export async function decideEnhancedChecks(
  deps: Pick<OperatorServiceDeps, 'db' | 'clock' | 'dueDiligence'>,
  operator: string,
  customerId: string,
  decision: 'approved' | 'rejected',
  reason: string,
) {
  if (decision === 'approved') await deps.dueDiligence.approveEnhancedChecks(customerId, operator, reason)
  else await deps.dueDiligence.rejectEnhancedChecks(customerId, operator, reason)
  await logAction(deps, operator, `enhanced_checks_${decision}`, {}, { customerId, reason })
}

/**
 * Approves or rejects a customer's identity check left for manual review: the waiting payouts go ahead or are
 * refunded through the queued customer-checks-changed job, the customer is mailed, and the action is logged, all in
 * the transaction that records the decision.
 */
export async function decideIdentity(
  deps: Pick<OperatorServiceDeps, 'db' | 'clock' | 'identity'>,
  operator: string,
  customerId: string,
  decision: 'approved' | 'rejected',
  reason: string | null,
) {
  await deps.identity.decideInReview(customerId, operator, decision, reason, (tx) =>
    logAction(deps, operator, `identity_${decision}`, {}, { customerId, ...(reason && { reason }) }, tx),
  )
}
