import { AppError } from '../../errors'
import { type ActingOperator, requestFourEyes } from './four-eyes'
import type { OperatorServiceDeps } from './operator-deps'
import { logAction } from './operator-log'

/**
 * Refuses a customer's enhanced checks (their newest questionnaire answer), logged with who and why; clearing them is
 * only asked for here, and done once a second operator approves (decision 132). Answers the request's id, if one.
 */
export async function decideEnhancedChecks(
  deps: Pick<OperatorServiceDeps, 'db' | 'clock' | 'dueDiligence' | 'moneyIn' | 'fourEyes'>,
  operator: ActingOperator,
  customerId: string,
  decision: 'approved' | 'rejected',
  reason: string,
): Promise<{ requestId: string | null }> {
  if (decision === 'approved') {
    // This customer's answers alone: the whole queue's first page would miss a customer beyond it.
    const waiting = await deps.dueDiligence.enhancedChecksToReview(1, customerId)
    if (waiting.length === 0) throw new AppError('review_not_pending')
    const requestId = await requestFourEyes(deps, operator, {
      action: 'clear_enhanced_checks',
      target: customerId,
      reason,
    })
    return { requestId }
  }
  await deps.dueDiligence.rejectEnhancedChecks(customerId, operator.name, reason)
  await logAction(deps, operator, `enhanced_checks_${decision}`, { customerId, reason }, { customerId, reason })
  return { requestId: null }
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
    logAction(
      deps,
      operator,
      `identity_${decision}`,
      { customerId, reason },
      { customerId, ...(reason && { reason }) },
      tx,
    ),
  )
}
