import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { activeOrderFrom, startActiveOrder } from '../../../lib/active-order'
import { saveJwtCookie } from '../../../lib/cookies'
import { getSessionState, updateSessionState } from '../../../lib/session-state'
import { grossData, orderDetailAnswer, orderSummary } from '../../../test/fixtures'
import { freezeClock } from '../../../test/frozen-clock'
import { mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { StartCardScreen } from './start-card-screen'

const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const ORDER = orderSummary({
  orderReference: 'ABCD234567',
  priceExpiresAt: '2025-01-01T12:15:00.000Z',
  orderWallet: WALLET,
})

function renderCardPage() {
  saveJwtCookie('token-1', 24)
  startActiveOrder(activeOrderFrom(ORDER))
  updateSessionState({ selectedPsp: { id: 'sandbox-card', name: 'Card (sandbox)' } })
  const api = mockApi({
    getOrderDetail: orderDetailAnswer(ORDER),
    orderInitiateBuy: ok({
      data: {
        reference: 'NEWR234567',
        tranId: 'TX20250101121501',
        fiatAmount: '1250.00',
        cryptoAmount: '0.01300000',
        price: { mid: '94000.00', spreadBps: 150, feeBps: 100, rate: '95410.0000', fee: '12.50', netFiat: '1237.50' },
        priceExpiresAt: '2025-01-01T12:31:00.000Z',
      },
    }),
  })
  const view = renderScreen(<StartCardScreen />, {
    path: '/dashboard-startcc',
    url: '/dashboard-startcc?order=ABCD234567',
    customer: grossData(),
  })
  return { api, ...view }
}

describe('the price hold on a payment screen', () => {
  it('counts down live; at the price time the Pay button goes and a new price is offered', async () => {
    freezeClock(new Date('2025-01-01T12:14:50.000Z'))
    renderCardPage()
    const order = await screen.findByRole('region', { name: 'Your order' })
    expect(await within(order).findByRole('timer')).toHaveTextContent(/^0:10 left, until /)
    expect(screen.getByRole('button', { name: 'Pay 1,250.00 EUR by card' })).toBeEnabled()

    act(() => vi.advanceTimersByTime(4000))
    expect(within(order).getByRole('timer')).toHaveTextContent(/^0:06 left, until /)

    act(() => vi.advanceTimersByTime(6000))
    expect(screen.getByRole('note')).toHaveTextContent('The price of this order ran out')
    expect(within(order).getByText(/^Ran out at /)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /by card/ })).not.toBeInTheDocument()
    expect(screen.queryByText('Started')).toBeInTheDocument()
  })

  it('"Get a new price" starts the same amount, coin and wallet at today\'s price and shows it before paying', async () => {
    freezeClock(new Date('2025-01-01T12:16:00.000Z'))
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    const { api, router } = renderCardPage()
    await user.click(await screen.findByRole('button', { name: 'Get a new price' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard-method'))
    expect(router.state.location.search).toBe('?order=NEWR234567')
    expect(api.callsTo('orderInitiateBuy').map((call) => call.body)).toEqual([
      { amount: '1250.00', assetId: 'btc_eur', wallet: WALLET, brandName: 'Helvex' },
    ])
    expect(getSessionState().activeOrder).toMatchObject({ orderReference: 'NEWR234567', statusName: 'initiated' })
  })
})

describe('the destination wallet on a payment screen', () => {
  it('shows the wallet shortened, the full address on demand, and copies it', async () => {
    const user = userEvent.setup()
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderCardPage()
    const wallet = await screen.findByRole('region', { name: 'Destination wallet' })
    expect(within(wallet).getByText('bc1qar0s…wf5mdq')).toBeInTheDocument()
    expect(within(wallet).queryByText(WALLET)).not.toBeInTheDocument()
    await user.click(within(wallet).getByRole('button', { name: 'Show full address' }))
    expect(within(wallet).getByText(WALLET)).toBeInTheDocument()
    await user.click(within(wallet).getByRole('button', { name: 'Copy wallet address' }))
    expect(writeText).toHaveBeenCalledWith(WALLET)
  })
})
