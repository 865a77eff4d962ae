import { z } from 'zod'

/** Every status an order can have; one service function applies a transition, nothing else writes a status. */
export const ORDER_STATUSES = [
  'initiated',
  'awaiting_payment',
  'payment_review',
  'paid',
  'awaiting_checks',
  'processing',
  'completed',
  'failed',
  'cancelled',
  'expired',
  'refunded',
] as const
export const OrderStatus = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof OrderStatus>

export const ORDER_TRANSITIONS = {
  initiated: ['awaiting_payment', 'payment_review', 'cancelled', 'failed', 'expired'],
  // Back to 'initiated': a card or pay-by-bank attempt that failed or was abandoned while the price still holds leaves
  // the order open for another attempt (decision 048).
  awaiting_payment: ['initiated', 'paid', 'payment_review', 'cancelled', 'failed', 'expired'],
  // Money arrived and a person checks it (payer name, a transfer that looks like one already counted). The order
  // keeps it and does not expire; the price question is settled when the check ends (decision 025).
  payment_review: ['paid', 'expired', 'refunded', 'failed'],
  paid: ['awaiting_checks', 'processing', 'refunded'],
  // Paid, and held until the customer has done what the law asks before a payout (identity, …; decision 033): bought
  // and delivered when the checks pass, refunded when one is refused.
  awaiting_checks: ['paid', 'refunded'],
  processing: ['completed', 'failed', 'refunded'],
  completed: [],
  failed: ['refunded'],
  cancelled: [],
  // A payment that arrives after the price ran out: re-priced with the customer's consent, or refunded.
  expired: ['paid', 'payment_review', 'refunded'],
  refunded: [],
} as const satisfies Record<OrderStatus, readonly OrderStatus[]>

/**
 * What a customer may do to their own order (`exchangeUpdateOrder`): start paying, cancel before money
 * moved, or report a failed payment return. Everything else is the system's or an operator's.
 */
export const CUSTOMER_TRANSITIONS = {
  initiated: ['awaiting_payment', 'cancelled', 'failed'],
  awaiting_payment: ['cancelled', 'failed'],
} as const satisfies Partial<Record<OrderStatus, readonly OrderStatus[]>>

export const OPEN_STATUSES = ['initiated', 'awaiting_payment'] as const satisfies readonly OrderStatus[]

/** An order its payment paid for: waiting for the customer's checks, being bought, being sent, or delivered. */
export const PAID_STATUSES = [
  'paid',
  'awaiting_checks',
  'processing',
  'completed',
] as const satisfies readonly OrderStatus[]

export function isPaid(status: string): boolean {
  return PAID_STATUSES.some((paid) => paid === status)
}

export function isTransitionAllowed(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].some((next) => next === to)
}

/** `to === from === 'initiated'` is the spec's "a started order is set to initiated": allowed, and changes nothing. */
export function isCustomerTransitionAllowed(from: OrderStatus, to: OrderStatus): boolean {
  if (from === 'initiated' && to === 'initiated') return true
  const table: Partial<Record<OrderStatus, readonly OrderStatus[]>> = CUSTOMER_TRANSITIONS
  const allowed = table[from]
  return allowed !== undefined && allowed.includes(to) && isTransitionAllowed(from, to)
}

/** A failed or cancelled order stops being the active one (spec section 4). */
export function endsActiveOrder(status: OrderStatus): boolean {
  return status === 'failed' || status === 'cancelled'
}

export const METHOD_GROUPS = ['psps', 'banks', 'alts'] as const
export const MethodGroup = z.enum(METHOD_GROUPS)
export type MethodGroup = z.infer<typeof MethodGroup>

export const ORDER_FLOW_SUFFIXES = ['-confirmdetails', '-viban', '-choosecc', '-choosebank', '-wire'] as const
export type OrderFlowSuffix = (typeof ORDER_FLOW_SUFFIXES)[number]

export type MethodRoute =
  { kind: 'go'; suffix: OrderFlowSuffix; selectedOptionId: string | null } | { kind: 'unavailable' }

/**
 * Spec section 4's routing once the customer picks a group: cards and alternatives with one option select it
 * and go to confirm-details when a name is missing, else to the virtual IBAN; several go to choosecc. Banks
 * with one option select it and go to wire; several go to choosebank.
 */
export function routeForMethod(
  group: MethodGroup,
  optionIds: readonly string[],
  names: { firstName: string | null | undefined; lastName: string | null | undefined },
): MethodRoute {
  if (optionIds.length === 0) return { kind: 'unavailable' }
  const single = optionIds.length === 1 ? (optionIds[0] ?? null) : null
  if (group === 'banks') {
    return single
      ? { kind: 'go', suffix: '-wire', selectedOptionId: single }
      : { kind: 'go', suffix: '-choosebank', selectedOptionId: null }
  }
  if (!single) return { kind: 'go', suffix: '-choosecc', selectedOptionId: null }
  const nameMissing = !names.firstName?.trim() || !names.lastName?.trim()
  return { kind: 'go', suffix: nameMissing ? '-confirmdetails' : '-viban', selectedOptionId: single }
}
