import { FIAT_DECIMALS } from '@exchange/shared/currencies'
import { compareAmounts, formatAmount } from '@exchange/shared/money'
import type { OrderUpdate } from '../mail/mail.templates'
import type { SqlExecutor } from '../../jobs/job-queue'
import type { MailService } from '../mail/mail.service'

/** An amount of fiat as the customer reads it: "250.00 EUR". */
export function fiatText(amount: string, currency: string): string {
  return `${formatAmount(amount, FIAT_DECIMALS)} ${currency.toUpperCase()}`
}

type Money = { amount: string; currency: string }

/** A moment as the e-mail names it: "2026-11-24 00:30 UTC". */
function utcTime(at: Date): string {
  return at.toISOString().replace('T', ' ').slice(0, 16) + ' UTC'
}

/**
 * What happened to an order's money, as the customer is told of it. The settlement modules raise these events; only
 * this file turns them into words, so that a sentence such as "nothing was charged" is written once and checked once.
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
  | { kind: 'hosted_payment_returned'; received: Money; why: string; back: string }
  | {
      kind: 'hosted_payment_failed'
      amount: Money
      method: string
      reason: string
      /** Set while the order stays open at its price for another attempt (decision 048). */
      openUntil: Date | null
    }
  | { kind: 'late_payment_refunded'; received: Money; to: string }
  | { kind: 'transfer_returned'; received: Money; to: string; reason: string }
  | { kind: 'paid_order_refunded'; amount: Money; to: string; reason: string }
  | { kind: 'wallet_needed'; coins: string; link: string }
  | { kind: 'payout_waits_for_checks'; coins: string; what: string; link: string }
  | { kind: 'order_completed'; coins: string; wallet: string; txId: string; simulated: boolean }

const TEMPLATE: Record<OrderMailEvent['kind'], string> = {
  payment_received: 'order_paid',
  payment_repriced: 'order_paid',
  payment_under_review: 'order_payment_review',
  payment_too_low: 'order_failed',
  payment_for_ended_order: 'order_refunded',
  payment_below_minimum: 'order_refunded',
  late_payment_decision: 'order_late_payment',
  hosted_payment_returned: 'order_refunded',
  hosted_payment_failed: 'order_failed',
  late_payment_refunded: 'order_refunded',
  transfer_returned: 'order_refunded',
  paid_order_refunded: 'order_refunded',
  wallet_needed: 'order_wallet_needed',
  payout_waits_for_checks: 'order_awaiting_checks',
  order_completed: 'order_completed',
}

const hasExcess = (excess: string | undefined): excess is string =>
  excess !== undefined && compareAmounts(excess, '0') > 0

export function renderOrderMailEvent(event: OrderMailEvent): { template: string; update: OrderUpdate } {
  const template = TEMPLATE[event.kind]
  switch (event.kind) {
    case 'payment_received': {
      const received = fiatText(event.received.amount, event.received.currency)
      const lead =
        event.how === 'approved'
          ? `We checked your payment of ${received} and accepted it. We are buying your coins now.`
          : event.how === 'hosted'
            ? `Your payment of ${received} is confirmed. We are buying your coins now.`
            : `We received your payment of ${received}. We are buying your coins now.`
      const rows: [string, string][] = [[event.how === 'hosted' ? 'Paid' : 'Received', received]]
      if (hasExcess(event.excess)) rows.push(['Refund of the excess', fiatText(event.excess, event.received.currency)])
      return { template, update: { headline: 'Payment received', lead, rows } }
    }
    case 'payment_repriced': {
      const received = fiatText(event.received.amount, event.received.currency)
      const rows: [string, string][] = [
        ['Received', received],
        ['Bought for', fiatText(event.bought, event.received.currency)],
        ['Price per coin', fiatText(event.rate, event.received.currency)],
      ]
      if (hasExcess(event.excess))
        rows.push(['Refund above the maximum', fiatText(event.excess, event.received.currency)])
      return {
        template,
        update: {
          headline: 'Payment received',
          lead: `We received your payment of ${received} after the price of your order had run out, so we priced it again at the current price when it arrived, as we said we would. We are buying your coins now.`,
          rows,
        },
      }
    }
    case 'payment_under_review': {
      const received = fiatText(event.received.amount, event.received.currency)
      const rows: [string, string][] = [
        ['Received', received],
        ['From', event.payerName],
      ]
      if (event.shortfall) rows.push(['Short of the order by', fiatText(event.shortfall, event.received.currency)])
      return {
        template,
        update: {
          headline: 'We are checking your payment',
          lead: event.holds.includes('payer_differs')
            ? `We received ${received} from an account in the name of ${event.payerName}. Payments must come from an account in your own name, so a person checks this one before we buy your coins. We will write to you when it is decided.`
            : `We received ${received} from an account in the name of ${event.payerName}. Your name on your account changed shortly before this payment, so a person checks it before we buy your coins. We will write to you when it is decided.`,
          rows,
          note: 'Your order waits for this check: it does not expire while we hold your money.',
        },
      }
    }
    case 'payment_too_low': {
      const received = fiatText(event.received.amount, event.received.currency)
      const needed = fiatText(event.needed, event.received.currency)
      return {
        template,
        update: {
          headline: 'Payment too low: order not filled',
          lead: `We received ${received}, less than the ${needed} the order needs. We are sending the money back; you can start a new order at any time.`,
          rows: [
            ['Received', received],
            ['Needed', needed],
            ['Refund to', event.refundTo],
          ],
        },
      }
    }
    case 'payment_for_ended_order': {
      const received = fiatText(event.received.amount, event.received.currency)
      return {
        template,
        update: {
          headline: 'Payment returned',
          lead: `We received ${received} for an order that is ${event.orderStatus}. We are sending it back to the account it came from.`,
          rows: [
            ['Amount', received],
            ['To', event.refundTo],
          ],
        },
      }
    }
    case 'payment_below_minimum': {
      const received = fiatText(event.received.amount, event.received.currency)
      return {
        template,
        update: {
          headline: 'Payment returned',
          lead: `We received ${received} after the price of your order had run out. At the current price this is below the minimum order of ${fiatText(event.minimum, event.received.currency)}, so nothing was bought and we are sending it back to the account it came from.`,
          rows: [
            ['Amount', received],
            ['To', event.refundTo],
          ],
        },
      }
    }
    case 'late_payment_decision':
      return {
        template,
        update: {
          headline: 'Your payment arrived after the price expired',
          lead: 'The price moved more than we buy at without asking you. Choose in your order history whether to buy at the current price or to have the money sent back.',
          rows: [['Received', fiatText(event.received.amount, event.received.currency)]],
        },
      }
    case 'hosted_payment_returned': {
      const received = fiatText(event.received.amount, event.received.currency)
      return {
        template,
        update: {
          headline: 'Payment returned',
          lead: `${event.why} Nothing was bought; we are sending ${received} back ${event.back}.`,
          rows: [['Amount', received]],
          note: 'You can start a new order at the current price at any time.',
        },
      }
    }
    case 'hosted_payment_failed':
      return {
        template,
        update: {
          headline: `${event.method} failed`,
          lead: event.openUntil
            ? `${event.reason} Nothing was charged. Your order keeps its price until ${utcTime(event.openUntil)}: you can try another card or pay another way from your order in History.`
            : `${event.reason} Nothing was charged. You can start a new order and pay another way.`,
          rows: [['Amount', fiatText(event.amount.amount, event.amount.currency)]],
        },
      }
    case 'late_payment_refunded': {
      const received = fiatText(event.received.amount, event.received.currency)
      return {
        template,
        update: {
          headline: 'Refund on its way',
          lead: `We are sending ${received} back to the account it came from.`,
          rows: [
            ['Amount', received],
            ['To', event.to],
          ],
        },
      }
    }
    case 'transfer_returned': {
      const received = fiatText(event.received.amount, event.received.currency)
      return {
        template,
        update: {
          headline: 'Payment returned',
          lead: `We did not accept your payment of ${received} and are sending it back to the account it came from. Nothing was bought.`,
          rows: [
            ['Amount', received],
            ['To', event.to],
            ['Reason', event.reason],
          ],
          note: 'You can start a new order and pay from an account in your own name at any time.',
        },
      }
    }
    case 'paid_order_refunded': {
      const amount = fiatText(event.amount.amount, event.amount.currency)
      return {
        template,
        update: {
          headline: 'Order refunded',
          lead: `We could not fill your order and are sending your ${amount} back. Nothing was bought.`,
          rows: [
            ['Amount', amount],
            ['To', event.to],
            ['Reason', event.reason],
          ],
        },
      }
    }
    case 'wallet_needed':
      return {
        template,
        update: {
          headline: 'Tell us where to send your coins',
          lead: `Your payment is in and ${event.coins} are bought for you, but the order has no wallet address. Give one and we send the coins at once: ${event.link}`,
          rows: [
            ['Amount', event.coins],
            ['Give your wallet', event.link],
          ],
        },
      }
    case 'payout_waits_for_checks':
      return {
        template,
        update: {
          headline: 'One step before we send your coins',
          lead: `Your payment is in and held safely for ${event.coins}. The law asks us to ${event.what} before we send crypto. Once that is done we buy and send your coins straight away: ${event.link}`,
          rows: [
            ['Amount', event.coins],
            ['What to do', event.link],
          ],
          note: 'If this step cannot be completed, your payment is refunded in full.',
        },
      }
    case 'order_completed':
      return {
        template,
        update: {
          headline: 'Your coins are on their way',
          lead: `We sent ${event.coins} to your wallet.`,
          rows: [
            ['Amount', event.coins],
            ['Wallet', event.wallet],
            ['Transaction', event.txId],
          ],
          ...(event.simulated && { note: 'Test environment: no coins were sent; the transaction id is simulated.' }),
        },
      }
  }
}

/** A mail about an order, queued in the transaction that decided what it tells (it exists only if that commits). */
export interface PendingOrderMail {
  to: string
  reference: string
  event: OrderMailEvent
}

export type OrderMail = ReturnType<typeof createOrderMail>

export function createOrderMail({ mail }: { mail: MailService }) {
  /**
   * Queues the e-mail in the transaction that made the change it tells of: with that change or not at all, so that a
   * crash after the commit loses no mail and a rolled-back change sends none.
   */
  async function send({ to, reference, event }: PendingOrderMail, tx: SqlExecutor): Promise<void> {
    const { template, update } = renderOrderMailEvent(event)
    await mail.sendOrderUpdate(to, reference, template, update, tx)
  }
  async function sendAll(pending: readonly PendingOrderMail[], tx: SqlExecutor): Promise<void> {
    for (const message of pending) await send(message, tx)
  }
  return { send, sendAll }
}
