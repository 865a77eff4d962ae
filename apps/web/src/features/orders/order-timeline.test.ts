import { describe, expect, it } from 'vitest'
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
