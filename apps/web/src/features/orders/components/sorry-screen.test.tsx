import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { updateSessionState } from '../../../lib/session-state'
import { grossData, orderDetailAnswer, orderSummary } from '../../../test/fixtures'
import { mockApi } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { SorryScreen } from './sorry-screen'

const FAILED = orderSummary({ orderReference: 'ABCD234567', statusName: 'failed' })
const EVENTS = [
  {},
  {
    fromStatus: 'awaiting_payment' as const,
    toStatus: 'failed' as const,
    kind: 'hosted_payment_failed',
    words: 'Your bank payment did not go through: You cancelled the payment at your bank.',
    actor: 'system' as const,
  },
]

function renderSorry(url?: string) {
  saveJwtCookie('token-1', 24)
  mockApi({ getOrderDetail: orderDetailAnswer(FAILED, EVENTS) })
  renderScreen(<SorryScreen />, { path: '/dashboard-sorry', url, customer: grossData() })
}

describe('SorryScreen', () => {
  it('gives the reason the return page read, in plain words, and what the customer can do', async () => {
    updateSessionState({
      lastPayment: {
        orderReference: 'ABCD234567',
        outcome: 'failed',
        failureReason: 'Your card was declined by your bank.',
      },
    })
    renderSorry()
    expect(screen.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeInTheDocument()
    expect(await screen.findByText('Your card was declined by your bank.')).toBeInTheDocument()
    expect(screen.getByText('Failed')).toBeInTheDocument()
    expect(
      screen.getByText('Start a new order and try again, with another card or by bank transfer.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Buy again' })).toHaveAttribute('href', '/dashboard')
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/dashSupport')
  })

  it('says the money goes back when the payment arrived after the order ended', async () => {
    const late =
      'The price of this order ran out before your payment arrived. We are sending 250.00 EUR back to your card.'
    updateSessionState({ lastPayment: { orderReference: 'ABCD234567', outcome: 'refunded', failureReason: late } })
    renderSorry()
    expect(await screen.findByText(late)).toBeInTheDocument()
    expect(screen.getByText('Your payment came too late to buy anything.')).toBeInTheDocument()
    expect(screen.getByText('A refund can take a few working days to show on your statement.')).toBeInTheDocument()
    expect(screen.queryByText('Nothing was charged for this order.')).not.toBeInTheDocument()
  })

  it('falls back to the customer’s words for the order’s last event', async () => {
    renderSorry(`/dashboard-sorry?order=${FAILED.orderReference}`)
    expect(
      await screen.findByText('Your bank payment did not go through: You cancelled the payment at your bank.'),
    ).toBeInTheDocument()
    expect(screen.queryByText('Nothing was charged for this order.')).not.toBeInTheDocument()
  })
})

describe('SorryScreen for an order still open at its price', () => {
  it('offers another card or another way to pay on the same order, instead of a new order', async () => {
    updateSessionState({
      lastPayment: {
        orderReference: 'ABCD234567',
        outcome: 'failed',
        failureReason: 'Your card was declined by your bank.',
      },
    })
    saveJwtCookie('token-1', 24)
    mockApi({ getOrderDetail: orderDetailAnswer(orderSummary({ orderReference: 'ABCD234567' })) })
    renderScreen(<SorryScreen />, {
      path: '/dashboard-sorry',
      url: '/dashboard-sorry?order=ABCD234567',
      customer: grossData(),
    })
    expect(await screen.findByText('Your card was declined by your bank.')).toBeInTheDocument()
    expect(screen.getByText('Nothing was charged.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Try another card' })).toHaveAttribute(
      'href',
      '/dashboard-startcc?order=ABCD234567',
    )
    expect(screen.getByRole('link', { name: 'Choose another way to pay' })).toHaveAttribute(
      'href',
      '/dashboard-method?order=ABCD234567',
    )
    expect(screen.queryByRole('link', { name: 'Buy again' })).not.toBeInTheDocument()
  })
})
