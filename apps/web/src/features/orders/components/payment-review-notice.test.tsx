import { OrderDetailAnswer } from '@exchange/shared/orders.schemas'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { activeOrderFrom, startActiveOrder } from '../../../lib/active-order'
import { saveJwtCookie } from '../../../lib/cookies'
import { bankAccount, grossData, orderSummary } from '../../../test/fixtures'
import { mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { VibanDetailsScreen } from './viban-details-screen'

const ORDER = orderSummary({ orderReference: 'ABCD234567', statusName: 'payment_review' })

function renderHeld(shortfall: string | null) {
  saveJwtCookie('token-1', 24)
  startActiveOrder(activeOrderFrom(ORDER))
  const detail = OrderDetailAnswer.parse({
    result: true,
    data: {
      order: ORDER,
      events: [],
      review: {
        amount: shortfall ? '1200.00' : '1250.00',
        currency: 'eur',
        receivedAt: '2025-01-01T12:30:00.000Z',
        payerName: 'Charles Babbage',
        reason: 'Payment of 1,200.00 EUR received from an account in another name: held for review',
        shortfall,
      },
    },
  })
  mockApi({ getOrderDetail: { body: detail }, orderGetViban: ok({ data: bankAccount() }) })
  renderScreen(<VibanDetailsScreen />, {
    path: '/dashboard-vibanDetails',
    url: '/dashboard-vibanDetails?order=ABCD234567',
    customer: grossData(),
  })
}

describe('a payment held for review on a payment screen', () => {
  it('says "Payment under review" with the reason and the shortfall, not "awaiting payment"', async () => {
    renderHeld('50.00')
    const note = await screen.findByRole('note', { name: 'Payment under review' })
    expect(note).toHaveTextContent('We received 1,200.00 EUR')
    expect(note).toHaveTextContent('from an account in the name of Charles Babbage')
    expect(note).toHaveTextContent('Why: Payment of 1,200.00 EUR received from an account in another name')
    expect(note).toHaveTextContent('Short of the order by 50.00 EUR.')
    expect(screen.queryByText(/A payment for this order is under way/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'I have paid' })).not.toBeInTheDocument()
  })

  it('shows what was received and what the order is short of, never the order amount as "You paid"', async () => {
    renderHeld('50.00')
    const order = await screen.findByRole('region', { name: 'Your order' })
    await within(order).findByText('Received, held for review')
    expect(within(order).queryByText('You paid')).not.toBeInTheDocument()
    expect(within(order).getByText('Order amount').nextElementSibling).toHaveTextContent('1,250.00 EUR')
    expect(within(order).getByText('Received, held for review').nextElementSibling).toHaveTextContent('1,200.00 EUR')
    expect(within(order).getByText('Short of the order by').nextElementSibling).toHaveTextContent('50.00 EUR')
  })

  it('names no shortfall for a full payment', async () => {
    renderHeld(null)
    const note = await screen.findByRole('note', { name: 'Payment under review' })
    expect(note).not.toHaveTextContent('Short of the order')
    const order = screen.getByRole('region', { name: 'Your order' })
    expect(within(order).getByText('Received, held for review').nextElementSibling).toHaveTextContent('1,250.00 EUR')
    expect(within(order).queryByText('Short of the order by')).not.toBeInTheDocument()
  })
})
