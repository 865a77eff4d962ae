import { describe, expect, it } from 'vitest'
import { ORDER_TRAIL_WORDING, OrderTrailEntry, customerWords, operatorWords } from './order-trail'

const eur = (amount: string) => ({ amount, currency: 'eur' })
const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'

/** One entry of every kind, with the operator's words the trail had before entries were typed, and the customer's. */
const EXAMPLES: [OrderTrailEntry, string, string | null][] = [
  [{ kind: 'order_created' }, 'Order created at a fixed price', null],
  [{ kind: 'wire_chosen' }, 'Customer chose to pay by bank transfer', 'You chose to pay by bank transfer'],
  [
    { kind: 'viban_chosen' },
    'Customer chose to pay to their virtual IBAN',
    'You chose to pay by bank transfer to your virtual IBAN',
  ],
  [
    { kind: 'transfer_reported_sent' },
    'Customer reports the transfer as sent',
    'You told us the transfer is on its way',
  ],
  [{ kind: 'payment_started' }, 'Customer started the payment', 'You started the payment'],
  [{ kind: 'came_back_failed' }, 'Payment reported failed on return', 'You came back without completing the payment'],
  [{ kind: 'cancelled_by_customer' }, 'Cancelled by the customer', null],
  [
    { kind: 'card_checkout_started', again: false },
    'Card payment started at the hosted checkout',
    'You went to the card payment page',
  ],
  [
    { kind: 'card_checkout_started', again: true },
    'Card payment started at the hosted checkout (another attempt)',
    'You tried paying by card again',
  ],
  [
    { kind: 'pay_by_bank_started', bank: 'Sandbox Bank', again: false },
    'Pay-by-bank started at Sandbox Bank',
    'You went to pay from your bank (Sandbox Bank)',
  ],
  [
    { kind: 'pay_by_bank_started', bank: 'Sandbox Bank', again: true },
    'Pay-by-bank started at Sandbox Bank (another attempt)',
    'You tried paying from your bank (Sandbox Bank) again',
  ],
  [
    { kind: 'wallet_given', wallet: WALLET },
    `Wallet given for delivery: ${WALLET}`,
    `You gave the wallet for your coins: ${WALLET}`,
  ],
  [
    { kind: 'wallet_changed', wallet: WALLET, was: 'bc1qold' },
    `Customer chose another wallet while the payout waited: ${WALLET} (was bc1qold)`,
    `You chose to have your coins sent to ${WALLET}`,
  ],
  [
    { kind: 'refund_asked' },
    'Refund asked for by the customer while the payout waited',
    'You asked for your money back instead of waiting',
  ],
  [
    { kind: 'late_refund_chosen', received: eur('250') },
    "Late payment of 250.00 EUR refunded at the customer's choice",
    'You chose to have 250.00 EUR sent back',
  ],
  [
    { kind: 'late_reprice_chosen', rate: eur('102607.6'), received: eur('250') },
    "Re-priced at 102,607.60 EUR per coin with the customer's consent (250.00 EUR)",
    "You chose to buy at today's price, 102,607.60 EUR per coin, with the 250.00 EUR you sent",
  ],
  [{ kind: 'price_expired' }, 'The price time ran out before payment', null],
  [
    { kind: 'transfer_received', received: eur('250'), excess: null },
    'Payment received (250.00 EUR)',
    'We received 250.00 EUR',
  ],
  [
    { kind: 'transfer_received', received: eur('300'), excess: eur('50') },
    'Payment received (300.00 EUR); the excess is refunded',
    'We received 300.00 EUR; the 50.00 EUR more than needed goes back to you',
  ],
  [
    { kind: 'transfer_approved', payerName: 'Jane Doe' },
    'Payment from "Jane Doe" approved by operator',
    'Your payment was checked and accepted',
  ],
  [
    { kind: 'hosted_payment_confirmed', method: 'card', received: eur('250') },
    'Card payment of 250.00 EUR confirmed by the provider',
    'We received your card payment of 250.00 EUR',
  ],
  [
    { kind: 'hosted_payment_failed', method: 'card', reason: 'Your card was declined.', staysOpen: true },
    'Card payment failed: Your card was declined. The order stays open.',
    'Your card payment did not go through: Your card was declined.',
  ],
  [
    { kind: 'hosted_payment_unneeded', method: 'pay_by_bank', received: eur('250'), orderStatus: 'expired' },
    'Pay-by-bank payment of 250.00 EUR arrived for a expired order: refunded',
    'Your bank payment of 250.00 EUR was not needed for this order; it goes back to you',
  ],
  [
    { kind: 'transfer_possible_duplicate', received: eur('250'), payerName: 'Jane Doe' },
    'Transfer of 250.00 EUR from Jane Doe looks like one already counted for this order: held for an operator',
    'Another transfer of 250.00 EUR arrived that looks like one already counted: we check it, and send it back to you if it is a second payment',
  ],
  [
    { kind: 'transfer_for_ended_order', received: eur('250'), orderStatus: 'cancelled' },
    'Transfer of 250.00 EUR received for a cancelled order: refunded',
    'Your transfer of 250.00 EUR came after the order ended; it goes back to you',
  ],
  [
    {
      kind: 'transfer_held',
      received: eur('200'),
      payerName: 'John Roe',
      holds: ['payer_differs'],
      nameChange: null,
      shortfall: eur('50'),
    },
    'Payment of 200.00 EUR received from an account in another name: held for review; 50.00 EUR short of the order',
    'Your payment of 200.00 EUR came from an account in another name than yours: we check it before it counts',
  ],
  [
    {
      kind: 'transfer_held',
      received: eur('250'),
      payerName: 'Jane Roe',
      holds: ['name_recently_changed'],
      nameChange: { oldName: 'Jane Doe', newName: 'Jane Roe', changedAt: '2026-11-20T10:00:00.000Z' },
      shortfall: null,
    },
    'Payment of 250.00 EUR from "Jane Roe" held for review: the customer\'s name changed from "Jane Doe" to "Jane Roe" at 2026-11-20T10:00:00.000Z, less than the hold time before this payment',
    'Your payment of 250.00 EUR came soon after your name changed: we check it before it counts',
  ],
  [
    { kind: 'late_below_minimum', received: eur('5'), minimum: eur('20') },
    'Arrived after the price expired and is below the minimum of 20.00 EUR; the money goes back',
    'Your transfer of 5.00 EUR came after the price ran out and is below the minimum order of 20.00 EUR; it goes back to you',
  ],
  [
    { kind: 'late_transfer_below_minimum', minimum: eur('20') },
    'Late payment below the minimum of 20.00 EUR: refunded',
    'Your late payment is below the minimum order of 20.00 EUR; it goes back to you',
  ],
  [
    { kind: 'late_transfer_waiting', received: eur('250') },
    'Transfer of 250.00 EUR arrived after the price expired: your decision is needed',
    "Your transfer of 250.00 EUR came after the price ran out: choose to buy at today's price or have it sent back",
  ],
  [
    { kind: 'repriced_on_arrival', rate: eur('90000'), received: eur('250') },
    'Re-priced at 90,000.00 EUR per coin on arrival, within the tolerance (250.00 EUR)',
    "Your 250.00 EUR came after the price ran out; we bought at today's price, 90,000.00 EUR per coin",
  ],
  [
    { kind: 'underpaid', received: eur('200'), needed: eur('250') },
    'Underpaid: received 200.00 EUR of 250.00 EUR; the money goes back',
    'We received 200.00 EUR of the 250.00 EUR needed; it goes back to you',
  ],
  [
    { kind: 'held_transfer_refunded', reason: 'Third-party payer' },
    'Payment refunded by our team: Third-party payer',
    'After our check, your payment goes back to you',
  ],
  [
    { kind: 'payout_waits', what: 'verify your identity', link: 'https://example.test/dashboard-authstart' },
    'Payout waits: the law asks us to verify your identity before we send crypto. What to do: https://example.test/dashboard-authstart',
    null,
  ],
  [
    { kind: 'payout_held', wallet: '0xabc', until: '2026-11-23T10:00:00.000Z', reason: 'password_changed' },
    'Payout held until 2026-11-23 10:00 UTC: 0xabc is a new wallet after a security change (password_changed)',
    'Because your password was changed, a payout to a wallet we have not sent your coins to before waits 24 hours, for your safety: to this wallet, your coins go out after 2026-11-23 10:00 UTC.',
  ],
  [
    { kind: 'payout_hold_ended' },
    'The security hold on the new wallet has passed: buying now',
    'The safety wait after your security change is over: we are buying your coins',
  ],
  [
    { kind: 'checks_done' },
    'The customer’s checks are done: buying now',
    'Your checks are done: we are buying your coins',
  ],
  [{ kind: 'bought', providerOrderId: 'SANDBOX-1' }, 'Bought from the liquidity provider (SANDBOX-1)', null],
  [
    { kind: 'delivered', wallet: WALLET, txId: 'tx1', foundByOperator: true },
    `Delivered to ${WALLET}, transaction tx1 (found at the exchange by our team)`,
    `Sent to ${WALLET}, transaction tx1`,
  ],
  [
    { kind: 'withdrawal_sent_again' },
    'No withdrawal found at the exchange; sent again by our team',
    'We sent your coins again',
  ],
  [{ kind: 'refunded', reason: 'suspected fraud', byOperator: true }, 'Refunded by our team: suspected fraud', null],
]

describe('the order trail wording', () => {
  it('words every kind for the operator as the trail did before entries were typed, and for the customer', () => {
    for (const [entry, operator, customer] of EXAMPLES) {
      expect(OrderTrailEntry.parse(entry), entry.kind).toEqual(entry)
      expect(operatorWords(entry), entry.kind).toBe(operator)
      expect(customerWords(entry), entry.kind).toBe(customer)
    }
  })

  it('has an example of every kind', () => {
    expect(new Set(EXAMPLES.map(([entry]) => entry.kind))).toEqual(new Set(Object.keys(ORDER_TRAIL_WORDING)))
  })

  it("never gives the customer the operator's words, internal references or an operator's reason", () => {
    for (const [entry] of EXAMPLES) {
      const words = customerWords(entry)
      if (words === null) continue
      expect(words, entry.kind).not.toBe(operatorWords(entry))
      expect(words, entry.kind).not.toMatch(
        /Customer|customer's|operator|liquidity provider|SANDBOX|tolerance|held for|suspected|Third-party/,
      )
    }
  })

  it('refuses an entry whose facts do not fit its kind', () => {
    expect(OrderTrailEntry.safeParse({ kind: 'transfer_received', received: eur('1') }).success).toBe(false)
    expect(OrderTrailEntry.safeParse({ kind: 'no_such_kind' }).success).toBe(false)
  })
})
