import { FIAT_DECIMALS } from '@exchange/shared/currencies'
import { compareAmounts, roundAmount, subtractAmounts } from '@exchange/shared/money'
import type { OrderStatus } from '@exchange/shared/order-rules'
import type { PayerNameHold } from './payer-name'

/** What is known about a bank transfer and the order it names, gathered with the order locked. */
export interface TransferFacts {
  /** The order the transfer names (reference, or the customer's virtual IBAN); null when none. */
  order: null | {
    status: OrderStatus
    fiat: string
    /** The amount the order's fixed price is for. */
    fiatAmount: string
    /** The transfer arrived at or after the order's price time. */
    arrivedLate: boolean
  }
  amount: string
  currency: string
  /**
   * Why the payer's name holds the transfer for a person (`payerNameHolds`: the payer is not the customer, or the
   * customer's name changed within NAME_CHANGE_HOLD_HOURS, decision 028); empty when it passes. Asked for every transfer.
   */
  payerNameHolds: PayerNameHold[]
  /** Money with the same order, amount and payer was already counted (a manual record, or another notice). */
  looksLikeCountedTransfer: boolean
  /** The fiat's minimum order; a late transfer below it buys nothing. */
  minimum: string
  /** For a late transfer: the current price is within the tolerance of the one the order fixed (decision 025). */
  priceWithinTolerance: boolean
}

/** The outcome of a transfer, with what the effects need. Every row of `decideTransfer` ends in one of these. */
export type TransferDecision =
  | { outcome: 'unmatched'; why: 'no_order' | 'other_currency' }
  | { outcome: 'held_possible_duplicate' }
  | { outcome: 'no_open_order' }
  | { outcome: 'held_name_mismatch'; holds: PayerNameHold[]; shortfall: string | null }
  | { outcome: 'refused_below_minimum' }
  | { outcome: 'late_awaiting_consent' }
  | { outcome: 'repriced' }
  | { outcome: 'underpaid' }
  | { outcome: 'overpaid'; excess: string }
  | { outcome: 'matched' }

const difference = (a: string, b: string) => roundAmount(subtractAmounts(a, b), FIAT_DECIMALS)

/** Statuses that still take money: open, or expired (money for an expired order is settled by the late rules). */
const TAKES_MONEY: readonly OrderStatus[] = ['initiated', 'awaiting_payment', 'expired']

/**
 * The transfer-matching decision, one row per line and the first row that fits wins. Pure: the facts come from the
 * intake (with the order locked), the effects are applied there. Order of the rows matters:
 * - a transfer that looks like one already counted is held, never refunded automatically (issue 8, defect 4);
 * - the payer-name check comes before the late and amount rules, so that no path skips it (defect 3), and a name
 *   changed within the hold time holds the payment even when the payer matches the new name (defect 5);
 * - a late transfer is re-priced only within the limits and the tolerance, else the customer decides.
 */
export function decideTransfer(facts: TransferFacts): TransferDecision {
  const { order } = facts
  if (!order) return { outcome: 'unmatched', why: 'no_order' }
  if (order.fiat !== facts.currency) return { outcome: 'unmatched', why: 'other_currency' }
  if (facts.looksLikeCountedTransfer) return { outcome: 'held_possible_duplicate' }
  if (!TAKES_MONEY.includes(order.status)) return { outcome: 'no_open_order' }
  if (facts.payerNameHolds.length > 0) {
    const short = compareAmounts(facts.amount, order.fiatAmount) < 0
    return {
      outcome: 'held_name_mismatch',
      holds: facts.payerNameHolds,
      shortfall: short ? difference(order.fiatAmount, facts.amount) : null,
    }
  }
  if (order.status === 'expired' || order.arrivedLate) {
    if (compareAmounts(facts.amount, facts.minimum) < 0) return { outcome: 'refused_below_minimum' }
    return facts.priceWithinTolerance ? { outcome: 'repriced' } : { outcome: 'late_awaiting_consent' }
  }
  const versus = compareAmounts(facts.amount, order.fiatAmount)
  if (versus < 0) return { outcome: 'underpaid' }
  if (versus > 0) return { outcome: 'overpaid', excess: difference(facts.amount, order.fiatAmount) }
  return { outcome: 'matched' }
}
