import { describe, expect, it } from 'vitest'
import { orderSummary } from '../../test/fixtures'
import { customerTimeline } from './order-timeline'

const event = (fromStatus: string | null, toStatus: string, words: string | null, actor = 'system', kind = 'any') =>
  ({ at: '2025-01-11T12:00:00.000Z', fromStatus, toStatus, kind, words, actor }) as never

describe('customerTimeline', () => {
  it('tells a failed payment attempt on an order that keeps its price, with the reason, not a new start', () => {
    const entries = customerTimeline(
      [
        event(null, 'initiated', null, 'customer', 'order_created'),
        event('initiated', 'awaiting_payment', 'You went to the card payment page', 'customer'),
        event('awaiting_payment', 'initiated', 'Your card payment did not go through: Your card was declined.'),
      ],
      orderSummary({ statusName: 'initiated' }),
    )
    expect(entries.map((entry) => entry.title)).toEqual([
      'Order started, price fixed',
      'You chose how to pay',
      'Payment not completed: your order keeps its price',
    ])
    expect(entries[2]?.lines).toEqual(['Your card payment did not go through: Your card was declined.'])
  })

  it("shows the customer's words the api gives, joins notes to the entry before them, and nothing without words", () => {
    const entries = customerTimeline(
      [
        event(null, 'initiated', null, 'customer', 'order_created'),
        event('initiated', 'awaiting_payment', null, 'customer', 'payment_started'),
        event('awaiting_payment', 'awaiting_payment', 'You told us the transfer is on its way', 'customer'),
        event('awaiting_payment', 'awaiting_payment', 'You told us the transfer is on its way', 'customer'),
        event('awaiting_payment', 'paid', 'We received 250.00 EUR'),
        event('paid', 'processing', null, 'system', 'bought'),
        // An entry recorded before entries were typed: the title only.
        event('processing', 'completed', null, 'system', null as never),
      ],
      orderSummary({ statusName: 'completed', methodName: null }),
    )
    expect(entries.map((entry) => [entry.title, entry.lines])).toEqual([
      ['Order started, price fixed', []],
      ['You chose how to pay', ['You told us the transfer is on its way']],
      ['Payment received', ['We received 250.00 EUR']],
      ['Buying and sending your coins', []],
      ['Coins sent', []],
    ])
  })

  it('says the payment method for the change to awaiting payment the customer made', () => {
    const entries = customerTimeline(
      [event('initiated', 'awaiting_payment', 'You chose to pay by bank transfer', 'customer', 'wire_chosen')],
      orderSummary({ statusName: 'awaiting_payment', methodName: 'Bank transfer' }),
    )
    expect(entries[0]).toMatchObject({ title: 'You chose how to pay', lines: ['Payment method: Bank transfer'] })
  })
})
