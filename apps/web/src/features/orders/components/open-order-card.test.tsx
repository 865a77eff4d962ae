import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { getSessionState } from '../../../lib/session-state'
import { grossData, orderSummary } from '../../../test/fixtures'
import { mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { OpenOrderCard } from './open-order-card'

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()

function renderCard(openOrder = [orderSummary({ orderReference: 'OPEN234567', priceExpiresAt: inAnHour() })]) {
  saveJwtCookie('token-1', 24)
  const api = mockApi({ exchangeUpdateOrder: ok({ statusName: 'cancelled' }) })
  const view = renderScreen(<OpenOrderCard />, { path: '/dashboard', customer: grossData({ openOrder }) })
  return { api, ...view }
}

describe('OpenOrderCard', () => {
  it('shows the order in progress and continues it on its payment screen, named in the address', async () => {
    const user = userEvent.setup()
    const { router } = renderCard()
    const card = await screen.findByRole('region', { name: 'Your order in progress' })
    expect(within(card).getByText('You have an order in progress')).toBeInTheDocument()
    expect(within(card).getByText('OPEN234567')).toBeInTheDocument()
    expect(within(card).getByText(/1,250.00 EUR for 0.01354679 BTC/)).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Continue paying' }))
    await screen.findByText('Page /dashboard-method')
    expect(router.state.location.search).toBe('?order=OPEN234567')
    expect(getSessionState().activeOrder?.orderReference).toBe('OPEN234567')
  })

  it('asks before cancelling, and keeps the order when the customer thinks again', async () => {
    const user = userEvent.setup()
    const { api } = renderCard()
    const card = await screen.findByRole('region', { name: 'Your order in progress' })
    await user.click(within(card).getByRole('button', { name: 'Cancel this order' }))
    expect(within(card).getByText(/Cancel order OPEN234567\? Nothing has been paid for it\./)).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Keep the order' }))
    expect(api.callsTo('exchangeUpdateOrder')).toHaveLength(0)

    await user.click(within(card).getByRole('button', { name: 'Cancel this order' }))
    await user.click(within(card).getByRole('button', { name: 'Yes, cancel the order' }))
    await waitFor(() =>
      expect(api.callsTo('exchangeUpdateOrder')[0]?.body).toEqual({
        orderReference: 'OPEN234567',
        statusName: 'cancelled',
        brandName: 'Helvex',
      }),
    )
    expect(await screen.findByText('Order OPEN234567 cancelled')).toBeInTheDocument()
  })

  it('sends an order that waits for a transfer to its virtual IBAN to the transfer instructions', async () => {
    const user = userEvent.setup()
    const { router } = renderCard([
      orderSummary({
        orderReference: 'WAIT234567',
        statusName: 'awaiting_payment',
        method: 'CH9809999700000000001',
        priceExpiresAt: inAnHour(),
      }),
    ])
    const card = await screen.findByRole('region', { name: 'Your order in progress' })
    expect(within(card).getByText('Your order is waiting for its payment')).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'See how to pay' }))
    await screen.findByText('Page /dashboard-vibanDetails')
    expect(router.state.location.search).toBe('?order=WAIT234567')
  })

  it('shows nothing without an open order, or for one whose price ran out', async () => {
    renderCard([orderSummary({ orderReference: 'OLD2345678', priceExpiresAt: '2025-01-01T12:15:00.000Z' })])
    expect(screen.queryByRole('region', { name: 'Your order in progress' })).not.toBeInTheDocument()
  })
})
