import { z } from 'zod'
import { FIAT_DECIMALS } from './currencies'
import { DecimalString, formatAmount } from './money'
import { payoutHoldWords } from './payout-hold'

/**
 * An order's trail (decision 109): every status change and note is stored as a typed entry, a kind and its facts
 * (amounts, references), never as a sentence. One table words each kind twice: for the operator's trail, and for the
 * customer's timeline in the customer's words. The api writes entries through `recordOrderEntry`-style functions and
 * renders both; the customer never receives the operator's words or facts meant for the operator only.
 */

const Money = z.object({ amount: DecimalString, currency: z.string().min(3).max(4) })
export type Money = z.infer<typeof Money>

/** "250.00 EUR": an amount as the trail writes it. */
export function moneyText({ amount, currency }: Money): string {
  return `${formatAmount(amount, FIAT_DECIMALS)} ${currency.toUpperCase()}`
}

const HostedMethod = z.enum(['card', 'pay_by_bank'])
const PayerNameHold = z.enum(['payer_differs', 'name_recently_changed'])
const NameChange = z.object({ oldName: z.string(), newName: z.string(), changedAt: z.string() })

const entry = <Kind extends string, Facts extends z.ZodRawShape>(kind: Kind, facts: Facts) =>
  z.object({ kind: z.literal(kind), ...facts })

/** "2026-11-24 00:30 UTC": a moment as the trail writes it. */
function utcText(iso: string): string {
  return iso.replace('T', ' ').slice(0, 16) + ' UTC'
}

/** Every kind of entry and the facts it carries. */
export const OrderTrailEntry = z.discriminatedUnion('kind', [
  // What the customer did.
  entry('order_created', {}),
  entry('wire_chosen', {}),
  entry('viban_chosen', {}),
  entry('transfer_reported_sent', {}),
  entry('payment_started', {}),
  entry('came_back_failed', {}),
  entry('cancelled_by_customer', {}),
  entry('card_checkout_started', { again: z.boolean() }),
  entry('pay_by_bank_started', { bank: z.string(), again: z.boolean() }),
  entry('wallet_given', { wallet: z.string() }),
  entry('wallet_changed', { wallet: z.string(), was: z.string() }),
  entry('refund_asked', {}),
  entry('late_refund_chosen', { received: Money }),
  entry('late_reprice_chosen', { rate: Money, received: Money }),
  // What happened to the money.
  entry('price_expired', {}),
  entry('transfer_received', { received: Money, excess: Money.nullable() }),
  entry('transfer_approved', { payerName: z.string() }),
  entry('hosted_payment_confirmed', { method: HostedMethod, received: Money }),
  entry('hosted_payment_failed', { method: HostedMethod, reason: z.string(), staysOpen: z.boolean() }),
  entry('hosted_payment_unneeded', { method: HostedMethod, received: Money, orderStatus: z.string() }),
  entry('transfer_possible_duplicate', { received: Money, payerName: z.string() }),
  entry('transfer_for_ended_order', { received: Money, orderStatus: z.string() }),
  entry('transfer_held', {
    received: Money,
    payerName: z.string(),
    holds: z.array(PayerNameHold),
    nameChange: NameChange.nullable(),
    shortfall: Money.nullable(),
  }),
  entry('late_below_minimum', { received: Money, minimum: Money }),
  entry('late_transfer_below_minimum', { minimum: Money }),
  entry('late_transfer_waiting', { received: Money }),
  entry('repriced_on_arrival', { rate: Money, received: Money }),
  entry('underpaid', { received: Money, needed: Money }),
  entry('held_transfer_refunded', { reason: z.string() }),
  // What happened to the coins.
  entry('payout_waits', { what: z.string(), link: z.string() }),
  entry('checks_done', {}),
  // Decision 126: a payout to a new wallet waits after a security change (`reason`: its account event), until `until`.
  entry('payout_held', { wallet: z.string(), until: z.string(), reason: z.string() }),
  entry('payout_hold_ended', {}),
  entry('bought', { providerOrderId: z.string() }),
  entry('delivered', { wallet: z.string(), txId: z.string(), foundByOperator: z.boolean() }),
  entry('withdrawal_sent_again', {}),
  entry('refunded', { reason: z.string(), byOperator: z.boolean() }),
])
export type OrderTrailEntry = z.infer<typeof OrderTrailEntry>
export type OrderTrailKind = OrderTrailEntry['kind']

/** The entry of one kind. */
export type EntryOf<Kind extends OrderTrailKind> = Extract<OrderTrailEntry, { kind: Kind }>

interface Wording<Kind extends OrderTrailKind> {
  /** The operator's trail. */
  operator: (entry: EntryOf<Kind>) => string
  /** The customer's timeline; null when the entry's title says it all. */
  customer: (entry: EntryOf<Kind>) => string | null
}

/** A hosted payment as the operator's trail, refunds and e-mails name it. */
export const HOSTED_PAYMENT_NAMES = { card: 'Card payment', pay_by_bank: 'Pay-by-bank payment' } as const
const HOSTED_CUSTOMER = { card: 'card payment', pay_by_bank: 'bank payment' } as const
const ANOTHER_ATTEMPT = ' (another attempt)'

/** Why a transfer is held, in the operator's words (its trail entry and the operator's list of transfers). */
export function holdReasons({ holds, payerName, nameChange }: EntryOf<'transfer_held'>): string {
  return holds
    .map((hold) =>
      hold === 'payer_differs'
        ? `the payer "${payerName}" is not the customer`
        : nameChange
          ? `the customer's name changed from "${nameChange.oldName}" to "${nameChange.newName}" at ${nameChange.changedAt}, less than the hold time before this payment`
          : "the customer's name changed shortly before this payment",
    )
    .join('; ')
}

/** The one table of wordings: each kind, for the operator and for the customer. */
export const ORDER_TRAIL_WORDING: { [Kind in OrderTrailKind]: Wording<Kind> } = {
  order_created: { operator: () => 'Order created at a fixed price', customer: () => null },
  wire_chosen: {
    operator: () => 'Customer chose to pay by bank transfer',
    customer: () => 'You chose to pay by bank transfer',
  },
  viban_chosen: {
    operator: () => 'Customer chose to pay to their virtual IBAN',
    customer: () => 'You chose to pay by bank transfer to your virtual IBAN',
  },
  transfer_reported_sent: {
    operator: () => 'Customer reports the transfer as sent',
    customer: () => 'You told us the transfer is on its way',
  },
  payment_started: { operator: () => 'Customer started the payment', customer: () => 'You started the payment' },
  came_back_failed: {
    operator: () => 'Payment reported failed on return',
    customer: () => 'You came back without completing the payment',
  },
  cancelled_by_customer: { operator: () => 'Cancelled by the customer', customer: () => null },
  card_checkout_started: {
    operator: ({ again }) => `Card payment started at the hosted checkout${again ? ANOTHER_ATTEMPT : ''}`,
    customer: ({ again }) => (again ? 'You tried paying by card again' : 'You went to the card payment page'),
  },
  pay_by_bank_started: {
    operator: ({ bank, again }) => `Pay-by-bank started at ${bank}${again ? ANOTHER_ATTEMPT : ''}`,
    customer: ({ bank, again }) =>
      again ? `You tried paying from your bank (${bank}) again` : `You went to pay from your bank (${bank})`,
  },
  wallet_given: {
    operator: ({ wallet }) => `Wallet given for delivery: ${wallet}`,
    customer: ({ wallet }) => `You gave the wallet for your coins: ${wallet}`,
  },
  wallet_changed: {
    operator: ({ wallet, was }) => `Customer chose another wallet while the payout waited: ${wallet} (was ${was})`,
    customer: ({ wallet }) => `You chose to have your coins sent to ${wallet}`,
  },
  refund_asked: {
    operator: () => 'Refund asked for by the customer while the payout waited',
    customer: () => 'You asked for your money back instead of waiting',
  },
  late_refund_chosen: {
    operator: ({ received }) => `Late payment of ${moneyText(received)} refunded at the customer's choice`,
    customer: ({ received }) => `You chose to have ${moneyText(received)} sent back`,
  },
  late_reprice_chosen: {
    operator: ({ rate, received }) =>
      `Re-priced at ${moneyText(rate)} per coin with the customer's consent (${moneyText(received)})`,
    customer: ({ rate, received }) =>
      `You chose to buy at today's price, ${moneyText(rate)} per coin, with the ${moneyText(received)} you sent`,
  },
  price_expired: { operator: () => 'The price time ran out before payment', customer: () => null },
  transfer_received: {
    operator: ({ received, excess }) =>
      `Payment received (${moneyText(received)})${excess ? '; the excess is refunded' : ''}`,
    customer: ({ received, excess }) =>
      excess
        ? `We received ${moneyText(received)}; the ${moneyText(excess)} more than needed goes back to you`
        : `We received ${moneyText(received)}`,
  },
  transfer_approved: {
    operator: ({ payerName }) => `Payment from "${payerName}" approved by operator`,
    customer: () => 'Your payment was checked and accepted',
  },
  hosted_payment_confirmed: {
    operator: ({ method, received }) =>
      `${HOSTED_PAYMENT_NAMES[method]} of ${moneyText(received)} confirmed by the provider`,
    customer: ({ method, received }) => `We received your ${HOSTED_CUSTOMER[method]} of ${moneyText(received)}`,
  },
  hosted_payment_failed: {
    operator: ({ method, reason, staysOpen }) =>
      `${HOSTED_PAYMENT_NAMES[method]} failed: ${reason}${staysOpen ? ' The order stays open.' : ''}`,
    customer: ({ method, reason }) => `Your ${HOSTED_CUSTOMER[method]} did not go through: ${reason}`,
  },
  hosted_payment_unneeded: {
    operator: ({ method, received, orderStatus }) =>
      `${HOSTED_PAYMENT_NAMES[method]} of ${moneyText(received)} arrived for a ${orderStatus} order: refunded`,
    customer: ({ method, received }) =>
      `Your ${HOSTED_CUSTOMER[method]} of ${moneyText(received)} was not needed for this order; it goes back to you`,
  },
  transfer_possible_duplicate: {
    operator: ({ received, payerName }) =>
      `Transfer of ${moneyText(received)} from ${payerName} looks like one already counted for this order: held for an operator`,
    customer: ({ received }) =>
      `Another transfer of ${moneyText(received)} arrived that looks like one already counted: we check it, and send it back to you if it is a second payment`,
  },
  transfer_for_ended_order: {
    operator: ({ received, orderStatus }) =>
      `Transfer of ${moneyText(received)} received for a ${orderStatus} order: refunded`,
    customer: ({ received }) =>
      `Your transfer of ${moneyText(received)} came after the order ended; it goes back to you`,
  },
  transfer_held: {
    operator: (held) =>
      held.holds.includes('name_recently_changed')
        ? `Payment of ${moneyText(held.received)} from "${held.payerName}" held for review: ${holdReasons(held)}${shortOf(held)}`
        : `Payment of ${moneyText(held.received)} received from an account in another name: held for review${shortOf(held)}`,
    customer: ({ received, holds }) =>
      holds.includes('payer_differs')
        ? `Your payment of ${moneyText(received)} came from an account in another name than yours: we check it before it counts`
        : `Your payment of ${moneyText(received)} came soon after your name changed: we check it before it counts`,
  },
  late_below_minimum: {
    operator: ({ minimum }) =>
      `Arrived after the price expired and is below the minimum of ${moneyText(minimum)}; the money goes back`,
    customer: ({ received, minimum }) =>
      `Your transfer of ${moneyText(received)} came after the price ran out and is below the minimum order of ${moneyText(minimum)}; it goes back to you`,
  },
  late_transfer_below_minimum: {
    operator: ({ minimum }) => `Late payment below the minimum of ${moneyText(minimum)}: refunded`,
    customer: ({ minimum }) =>
      `Your late payment is below the minimum order of ${moneyText(minimum)}; it goes back to you`,
  },
  late_transfer_waiting: {
    operator: ({ received }) =>
      `Transfer of ${moneyText(received)} arrived after the price expired: your decision is needed`,
    customer: ({ received }) =>
      `Your transfer of ${moneyText(received)} came after the price ran out: choose to buy at today's price or have it sent back`,
  },
  repriced_on_arrival: {
    operator: ({ rate, received }) =>
      `Re-priced at ${moneyText(rate)} per coin on arrival, within the tolerance (${moneyText(received)})`,
    customer: ({ rate, received }) =>
      `Your ${moneyText(received)} came after the price ran out; we bought at today's price, ${moneyText(rate)} per coin`,
  },
  underpaid: {
    operator: ({ received, needed }) =>
      `Underpaid: received ${moneyText(received)} of ${moneyText(needed)}; the money goes back`,
    customer: ({ received, needed }) =>
      `We received ${moneyText(received)} of the ${moneyText(needed)} needed; it goes back to you`,
  },
  held_transfer_refunded: {
    operator: ({ reason }) => `Payment refunded by our team: ${reason}`,
    customer: () => 'After our check, your payment goes back to you',
  },
  payout_waits: {
    operator: ({ what, link }) => `Payout waits: the law asks us to ${what} before we send crypto. What to do: ${link}`,
    customer: () => null,
  },
  payout_held: {
    operator: ({ wallet, until, reason }) =>
      `Payout held until ${utcText(until)}: ${wallet} is a new wallet after a security change (${reason})`,
    customer: ({ until, reason }) => payoutHoldWords(reason, utcText(until)),
  },
  payout_hold_ended: {
    operator: () => 'The security hold on the new wallet has passed: buying now',
    customer: () => 'The safety wait after your security change is over: we are buying your coins',
  },
  checks_done: {
    operator: () => 'The customer’s checks are done: buying now',
    customer: () => 'Your checks are done: we are buying your coins',
  },
  bought: {
    operator: ({ providerOrderId }) => `Bought from the liquidity provider (${providerOrderId})`,
    customer: () => null,
  },
  delivered: {
    operator: ({ wallet, txId, foundByOperator }) =>
      `Delivered to ${wallet}, transaction ${txId}${foundByOperator ? ' (found at the exchange by our team)' : ''}`,
    customer: ({ wallet, txId }) => `Sent to ${wallet}, transaction ${txId}`,
  },
  withdrawal_sent_again: {
    operator: () => 'No withdrawal found at the exchange; sent again by our team',
    customer: () => 'We sent your coins again',
  },
  refunded: {
    operator: ({ reason, byOperator }) => `Refunded${byOperator ? ' by our team' : ''}: ${reason}`,
    customer: () => null,
  },
}

/** "; 20.00 EUR short of the order" when a held transfer is short of the order, else nothing. */
export function shortOf({ shortfall }: EntryOf<'transfer_held'>): string {
  return shortfall ? `; ${moneyText(shortfall)} short of the order` : ''
}

function wordingOf<Kind extends OrderTrailKind>(entry: EntryOf<Kind>): Wording<Kind> {
  return ORDER_TRAIL_WORDING[entry.kind as Kind]
}

/** The operator's words for an entry. */
export function operatorWords(entry: OrderTrailEntry): string {
  return wordingOf(entry).operator(entry)
}

/** The customer's words for an entry; null when the timeline's title says it all. */
export function customerWords(entry: OrderTrailEntry): string | null {
  return wordingOf(entry).customer(entry)
}
