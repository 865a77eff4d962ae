import type { QueueKind } from '@exchange/shared/back-office.schemas'

/** Each queue's title, as the operators read it. */
export const QUEUE_TITLES: Record<QueueKind, string> = {
  four_eyes: 'Waiting for a second operator',
  identity_reviews: 'Identity reviews',
  enhanced_checks: 'Enhanced checks',
  proofs_of_address: 'Proofs of address',
  held_payments: 'Held or short payments',
  held_payouts: 'Held payouts',
  refunds: 'Refunds',
  withdrawals: 'Withdrawals to reconcile',
  tickets: 'Tickets',
  partner_deliveries: 'Partner deliveries',
}

/**
 * The reason a file opened from a queue is viewed for (decision 133): the queue says why, so the operator is not asked
 * (decision 134).
 */
export const queueReason = (kind: QueueKind) => `Queue: ${QUEUE_TITLES[kind].toLowerCase()}`
