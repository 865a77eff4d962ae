import { payoutHoldWords } from '@exchange/shared/payout-hold'
import { compareAmounts } from '@exchange/shared/money'
import type { OrderUpdate } from '../mail/mail.templates'
import { type OrderMailEvent, fiatText } from './order-mail-events'

/** A moment as the e-mail names it: "2026-11-24 00:30 UTC". */
function utcTime(at: Date): string {
  return at.toISOString().replace('T', ' ').slice(0, 16) + ' UTC'
}

/** The mail template each event is sent with. */
export const TEMPLATE: Record<OrderMailEvent['kind'], string> = {
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
  payout_held_after_security_change: 'order_payout_held',
  order_completed: 'order_completed',
}

const hasExcess = (excess: string | undefined): excess is string =>
  excess !== undefined && compareAmounts(excess, '0') > 0

/** The words of each event's e-mail, one renderer per kind: the only place an order e-mail's text is written. */
export const ORDER_MAIL_TEXTS: {
  [K in OrderMailEvent['kind']]: (event: Extract<OrderMailEvent, { kind: K }>) => OrderUpdate
} = {
  payment_received: (event) => {
    const received = fiatText(event.received.amount, event.received.currency)
    const lead =
      event.how === 'approved'
        ? `We checked your payment of ${received} and accepted it. We are buying your coins now.`
        : event.how === 'hosted'
          ? `Your payment of ${received} is confirmed. We are buying your coins now.`
          : `We received your payment of ${received}. We are buying your coins now.`
    const rows: [string, string][] = [[event.how === 'hosted' ? 'Paid' : 'Received', received]]
    if (hasExcess(event.excess)) rows.push(['Refund of the excess', fiatText(event.excess, event.received.currency)])
    return { headline: 'Payment received', lead, rows }
  },
  payment_repriced: (event) => {
    const received = fiatText(event.received.amount, event.received.currency)
    const rows: [string, string][] = [
      ['Received', received],
      ['Bought for', fiatText(event.bought, event.received.currency)],
      ['Price per coin', fiatText(event.rate, event.received.currency)],
    ]
    if (hasExcess(event.excess))
      rows.push(['Refund above the maximum', fiatText(event.excess, event.received.currency)])
    return {
      headline: 'Payment received',
      lead: `We received your payment of ${received} after the price of your order had run out, so we priced it again at the current price when it arrived, as we said we would. We are buying your coins now.`,
      rows,
    }
  },
  payment_under_review: (event) => {
    const received = fiatText(event.received.amount, event.received.currency)
    const rows: [string, string][] = [
      ['Received', received],
      ['From', event.payerName],
    ]
    if (event.shortfall) rows.push(['Short of the order by', fiatText(event.shortfall, event.received.currency)])
    return {
      headline: 'We are checking your payment',
      lead: event.holds.includes('payer_differs')
        ? `We received ${received} from an account in the name of ${event.payerName}. Payments must come from an account in your own name, so a person checks this one before we buy your coins. We will write to you when it is decided.`
        : `We received ${received} from an account in the name of ${event.payerName}. Your name on your account changed shortly before this payment, so a person checks it before we buy your coins. We will write to you when it is decided.`,
      rows,
      note: 'Your order waits for this check: it does not expire while we hold your money.',
    }
  },
  payment_too_low: (event) => {
    const received = fiatText(event.received.amount, event.received.currency)
    const needed = fiatText(event.needed, event.received.currency)
    return {
      headline: 'Payment too low: order not filled',
      lead: `We received ${received}, less than the ${needed} the order needs. We are sending the money back; you can start a new order at any time.`,
      rows: [
        ['Received', received],
        ['Needed', needed],
        ['Refund to', event.refundTo],
      ],
    }
  },
  payment_for_ended_order: (event) => {
    const received = fiatText(event.received.amount, event.received.currency)
    return {
      headline: 'Payment returned',
      lead: `We received ${received} for an order that is ${event.orderStatus}. We are sending it back to the account it came from.`,
      rows: [
        ['Amount', received],
        ['To', event.refundTo],
      ],
    }
  },
  payment_below_minimum: (event) => {
    const received = fiatText(event.received.amount, event.received.currency)
    return {
      headline: 'Payment returned',
      lead: `We received ${received} after the price of your order had run out. At the current price this is below the minimum order of ${fiatText(event.minimum, event.received.currency)}, so nothing was bought and we are sending it back to the account it came from.`,
      rows: [
        ['Amount', received],
        ['To', event.refundTo],
      ],
    }
  },
  late_payment_decision: (event) => {
    return {
      headline: 'Your payment arrived after the price expired',
      lead: 'The price moved more than we buy at without asking you. Choose in your order history whether to buy at the current price or to have the money sent back.',
      rows: [['Received', fiatText(event.received.amount, event.received.currency)]],
    }
  },
  hosted_payment_returned: (event) => {
    const received = fiatText(event.received.amount, event.received.currency)
    return {
      headline: 'Payment returned',
      lead: `${event.why} Nothing was bought; we are sending ${received} back ${event.back}.`,
      rows: [['Amount', received]],
      note: 'You can start a new order at the current price at any time.',
    }
  },
  hosted_payment_failed: (event) => {
    return {
      headline: `${event.method} failed`,
      lead: event.openUntil
        ? `${event.reason} Nothing was charged. Your order keeps its price until ${utcTime(event.openUntil)}: you can try another card or pay another way from your order in History.`
        : `${event.reason} Nothing was charged. You can start a new order and pay another way.`,
      rows: [['Amount', fiatText(event.amount.amount, event.amount.currency)]],
    }
  },
  late_payment_refunded: (event) => {
    const received = fiatText(event.received.amount, event.received.currency)
    return {
      headline: 'Refund on its way',
      lead: `We are sending ${received} back to the account it came from.`,
      rows: [
        ['Amount', received],
        ['To', event.to],
      ],
    }
  },
  transfer_returned: (event) => {
    const received = fiatText(event.received.amount, event.received.currency)
    return {
      headline: 'Payment returned',
      lead: `We did not accept your payment of ${received} and are sending it back to the account it came from. Nothing was bought.`,
      rows: [
        ['Amount', received],
        ['To', event.to],
        ['Reason', event.reason],
      ],
      note: 'You can start a new order and pay from an account in your own name at any time.',
    }
  },
  paid_order_refunded: (event) => {
    const amount = fiatText(event.amount.amount, event.amount.currency)
    return {
      headline: 'Order refunded',
      lead: `We could not fill your order and are sending your ${amount} back. Nothing was bought.`,
      rows: [
        ['Amount', amount],
        ['To', event.to],
        ['Reason', event.reason],
      ],
    }
  },
  wallet_needed: (event) => {
    return {
      headline: 'Tell us where to send your coins',
      lead: `Your payment is in and ${event.coins} are bought for you, but the order has no wallet address. Give one and we send the coins at once: ${event.link}`,
      rows: [
        ['Amount', event.coins],
        ['Give your wallet', event.link],
      ],
    }
  },
  payout_waits_for_checks: (event) => {
    return {
      headline: 'One step before we send your coins',
      lead: `Your payment is in and held safely for ${event.coins}. The law asks us to ${event.what} before we send crypto. Once that is done we buy and send your coins straight away: ${event.link}`,
      rows: [
        ['Amount', event.coins],
        ['What to do', event.link],
      ],
      note: 'If this step cannot be completed, your payment is refunded in full.',
    }
  },
  payout_held_after_security_change: (event) => {
    return {
      headline: 'Your coins go out after a safety wait',
      lead: `Your payment is in and held safely for ${event.coins}. ${payoutHoldWords(event.reason, utcTime(event.until))} We send them then without anything more from you.`,
      rows: [
        ['Amount', event.coins],
        ['Wallet', event.wallet],
        ['Goes out after', utcTime(event.until)],
        ['Your order', event.link],
      ],
      note: `If you did not make this change, contact us at once: nothing leaves before ${utcTime(event.until)}.`,
    }
  },
  order_completed: (event) => {
    return {
      headline: 'Your coins are on their way',
      lead: `We sent ${event.coins} to your wallet.`,
      rows: [
        ['Amount', event.coins],
        ['Wallet', event.wallet],
        ['Transaction', event.txId],
      ],
      ...(event.simulated && { note: 'Test environment: no coins were sent; the transaction id is simulated.' }),
    }
  },
}
