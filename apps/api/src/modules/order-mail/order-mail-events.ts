import { FIAT_DECIMALS } from '@exchange/shared/currencies'
import { formatAmount } from '@exchange/shared/money'
import type { OrderStatus } from '@exchange/shared/order-rules'
import type { CryptoCurrency } from '@exchange/shared/currencies'

/** An amount of fiat as the customer reads it: "250.00 EUR". */
export function fiatText(amount: string, currency: string): string {
  return `${formatAmount(amount, FIAT_DECIMALS)} ${currency.toUpperCase()}`
}

type Money = { amount: string; currency: string }
type HostedMethod = 'card' | 'pay_by_bank'
/** `coins` in English ("0.01 BTC"); `crypto`, its amount and coin, for the customer's locale (decision 131). */
type Coins = { coins: string; crypto?: { amount: string; coin: CryptoCurrency } }

/**
 * What happened to an order's money, as the customer is told of it. The settlement modules raise these events; only
 * order-mail-texts.ts turns them into words, so that a sentence such as "nothing was charged" is written once and checked once.
 */
export type OrderMailEvent =
  | { kind: 'payment_received'; received: Money; excess?: string; how: 'transfer' | 'hosted' | 'approved' }
  | { kind: 'payment_repriced'; received: Money; bought: string; rate: string; excess?: string }
  | {
      kind: 'payment_under_review'
      received: Money
      payerName: string
      shortfall?: string
      /** The payer is not the customer, and/or the customer's name changed lately (decision 028). */
      holds: readonly ('payer_differs' | 'name_recently_changed')[]
    }
  | { kind: 'payment_too_low'; received: Money; needed: string; refundTo: string }
  | { kind: 'payment_for_ended_order'; received: Money; orderStatus: string; refundTo: string }
  | { kind: 'payment_below_minimum'; received: Money; minimum: string; refundTo: string }
  | { kind: 'late_payment_decision'; received: Money }
  | {
      kind: 'hosted_payment_returned'
      received: Money
      why: string
      back: string
      /** The facts `why` and `back` say in English, for the other languages (decision 131). */
      facts?: { method: HostedMethod; orderStatus: OrderStatus; paidAnotherWay: boolean }
    }
  | {
      kind: 'hosted_payment_failed'
      amount: Money
      method: string
      /** The way of paying `method` names in English, for the other languages (decision 131). */
      methodKind?: HostedMethod
      reason: string
      /** Set while the order stays open at its price for another attempt (decision 048). */
      openUntil: Date | null
    }
  | { kind: 'late_payment_refunded'; received: Money; to: string }
  | { kind: 'transfer_returned'; received: Money; to: string; reason: string }
  | { kind: 'paid_order_refunded'; amount: Money; to: string; reason: string }
  | ({ kind: 'wallet_needed'; link: string } & Coins)
  /**
   * `what` in English; `step` (the journey's step id) and the order's `wallet` let the mail say it in the customer's
   * language (decision 131).
   */
  | ({ kind: 'payout_waits_for_checks'; what: string; link: string; step?: string; wallet?: string } & Coins)
  /** Decision 126: a new wallet after a security change; `reason` is the account event that holds it. */
  | ({
      kind: 'payout_held_after_security_change'
      wallet: string
      until: Date
      reason: string
      link: string
    } & Coins)
  | ({ kind: 'order_completed'; wallet: string; txId: string; simulated: boolean } & Coins)
