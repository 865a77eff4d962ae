import { describe, expect, it } from 'vitest'
import { CUSTOMER_NOTES } from '@exchange/shared/order-notes'
import { orderSummary } from '../../test/fixtures'
import { customerTimeline } from './order-timeline'

const event = (fromStatus: string | null, toStatus: string, cause: string, actor = 'system') =>
  ({ at: '2025-01-11T12:00:00.000Z', fromStatus, toStatus, cause, actor }) as never

describe('customerTimeline', () => {
  it('tells a failed payment attempt on an order that keeps its price, with the reason, not a new start', () => {
    const entries = customerTimeline(
      [
        event(null, 'initiated', 'Order created at a fixed price', 'customer'),
        event('initiated', 'awaiting_payment', 'Customer chose to pay by card', 'customer'),
        event('awaiting_payment', 'initiated', 'Card payment failed: Your card was declined by your bank.'),
      ],
      orderSummary({ statusName: 'initiated' }),
    )
    expect(entries.map((entry) => entry.title)).toEqual([
      'Order started, price fixed',
      'You chose how to pay',
      'Payment not completed: your order keeps its price',
    ])
    expect(entries[2]?.lines).toEqual(['Card payment failed: Your card was declined by your bank.'])
  })
})

describe('customerTimeline: what the customer did, in their words', () => {
  const lines = (events: never[], status = 'awaiting_payment') =>
    customerTimeline(events, orderSummary({ statusName: status as never, methodName: null })).flatMap(
      (entry) => entry.lines,
    )

  it('words every note and change a customer can trigger for the customer, never as the operator trail', () => {
    const cases: [string, string, string, string | null][] = [
      ['initiated', 'initiated', CUSTOMER_NOTES.created.operator(), null],
      ['initiated', 'awaiting_payment', CUSTOMER_NOTES.choseWire.operator(), null],
      [
        'awaiting_payment',
        'awaiting_payment',
        CUSTOMER_NOTES.transferSent.operator(),
        'You told us the transfer is on its way',
      ],
      [
        'awaiting_payment',
        'awaiting_payment',
        CUSTOMER_NOTES.choseWire.operator(),
        'You chose to pay by bank transfer',
      ],
      [
        'awaiting_payment',
        'awaiting_payment',
        CUSTOMER_NOTES.choseViban.operator(),
        'You chose to pay by bank transfer to your virtual IBAN',
      ],
      [
        'awaiting_payment',
        'awaiting_payment',
        CUSTOMER_NOTES.cardStarted.operator(true),
        'You tried paying by card again',
      ],
      [
        'awaiting_payment',
        'awaiting_payment',
        CUSTOMER_NOTES.cardStarted.operator(false),
        'You went to the card payment page',
      ],
      [
        'awaiting_payment',
        'awaiting_payment',
        CUSTOMER_NOTES.payByBankStarted.operator('Sandbox Bank', true),
        'You tried paying from your bank (Sandbox Bank) again',
      ],
      [
        'awaiting_payment',
        'awaiting_payment',
        CUSTOMER_NOTES.payByBankStarted.operator('Sandbox Bank', false),
        'You went to pay from your bank (Sandbox Bank)',
      ],
      ['initiated', 'awaiting_payment', CUSTOMER_NOTES.startedPayment.operator(), null],
      [
        'awaiting_payment',
        'failed',
        CUSTOMER_NOTES.cameBackFailed.operator(),
        'You came back without completing the payment',
      ],
      ['initiated', 'cancelled', CUSTOMER_NOTES.cancelled.operator(), null],
      [
        'paid',
        'paid',
        CUSTOMER_NOTES.walletGiven.operator('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'),
        'You gave the wallet for your coins: bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      ],
      [
        'expired',
        'refunded',
        CUSTOMER_NOTES.lateRefundChosen.operator('250.00 EUR'),
        'You chose to have 250.00 EUR sent back',
      ],
      [
        'expired',
        'paid',
        CUSTOMER_NOTES.lateRepriceChosen.operator('102,607.60 EUR', '250.00 EUR'),
        "You chose to buy at today's price, 102,607.60 EUR per coin, with the 250.00 EUR you sent",
      ],
    ]
    for (const [from, to, cause, expected] of cases) {
      const shown = lines([event(from, to, cause, 'customer')], to)
      expect(shown, cause).toEqual(expected === null ? [] : [expected])
      expect(shown.join(' '), cause).not.toMatch(/Customer|customer's|Re-priced|Wallet given/)
    }
  })

  it('keeps what the system recorded, and leaves out a customer note it has no words for', () => {
    expect(lines([event('awaiting_payment', 'awaiting_payment', 'Card payment failed: declined')])).toEqual([
      'Card payment failed: declined',
    ])
    expect(lines([event('awaiting_payment', 'awaiting_payment', 'Customer did something new', 'customer')])).toEqual([])
  })

  it('says the payment method for the change to awaiting payment the customer made', () => {
    const entries = customerTimeline(
      [event('initiated', 'awaiting_payment', CUSTOMER_NOTES.choseWire.operator(), 'customer')],
      orderSummary({ statusName: 'awaiting_payment', methodName: 'Bank transfer' }),
    )
    expect(entries[0]).toMatchObject({ title: 'You chose how to pay', lines: ['Payment method: Bank transfer'] })
  })
})
