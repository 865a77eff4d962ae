import type { PaymentOption } from '@exchange/shared/orders.schemas'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { activeOrderFrom, startActiveOrder } from '../../../lib/active-order'
import { saveJwtCookie } from '../../../lib/cookies'
import { getSessionState, updateSessionState } from '../../../lib/session-state'
import { grossData, orderDetailAnswer, orderSummary } from '../../../test/fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { StartCardScreen } from './start-card-screen'
import { expectCurrentBuyStep } from '../../../test/buy-steps'

const CARD: PaymentOption = { id: 'sandbox-card', name: 'Card (sandbox)' }
const ORDER = orderSummary({ orderReference: 'ABCD234567' })
const CHECKOUT_URL = '/sandbox/psp/checkout?session=cs_test_1'

function renderStartCard({ handlers = {}, psp = CARD }: { handlers?: ApiHandlers; psp?: PaymentOption | null } = {}) {
  saveJwtCookie('token-1', 24)
  startActiveOrder(activeOrderFrom(ORDER))
  updateSessionState({ selectedPsp: psp })
  const assign = vi.fn()
  vi.stubGlobal('location', { ...window.location, assign })
  const api = mockApi({
    getOrderDetail: orderDetailAnswer(ORDER),
    orderStartCard: ok({ data: { checkoutUrl: CHECKOUT_URL, sessionId: 'cs_test_1' } }),
    ...handlers,
  })
  const view = renderScreen(<StartCardScreen />, {
    path: '/dashboard-startcc',
    customer: grossData(),
  })
  return { api, assign, ...view }
}

describe('StartCardScreen', () => {
  it('shows the order and sends the browser to the card checkout the api answers', async () => {
    const user = userEvent.setup()
    const { api, assign } = renderStartCard()
    expect(screen.getByRole('heading', { level: 1, name: 'Card payment' })).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Pay 1,250.00 EUR by card' }))
    expectCurrentBuyStep('Pay')
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL))
    expect(api.callsTo('orderStartCard')[0]?.body).toEqual({
      orderReference: 'ABCD234567',
      pspId: 'sandbox-card',
      brandName: 'Helvex',
    })
    expect(screen.getByText('1,250.00 EUR by card with Card (sandbox)')).toBeInTheDocument()
    expect(getSessionState().activeOrder?.statusName).toBe('awaiting_payment')
  })

  it('says so when the price has expired, and stays', async () => {
    const user = userEvent.setup()
    const { assign } = renderStartCard({ handlers: { orderStartCard: fail('price_expired') } })
    await user.click(await screen.findByRole('button', { name: 'Pay 1,250.00 EUR by card' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The price of this order has expired. Please start a new order.',
    )
    expect(assign).not.toHaveBeenCalled()
  })

  it('says something went wrong when the api cannot be reached', async () => {
    const user = userEvent.setup()
    renderStartCard({
      handlers: {
        orderStartCard: () => {
          throw new TypeError('offline')
        },
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Pay 1,250.00 EUR by card' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong, Please try again')
  })

  it('asks for a card provider first when none is chosen', async () => {
    renderStartCard({ psp: null })
    expect(await screen.findByRole('link', { name: 'Choose your card provider' })).toHaveAttribute(
      'href',
      '/dashboard-choosecc',
    )
    expect(screen.queryByRole('button', { name: /by card/ })).not.toBeInTheDocument()
  })

  it('offers no second payment for an order that is already paid', async () => {
    renderStartCard({ handlers: { getOrderDetail: orderDetailAnswer({ ...ORDER, statusName: 'completed' }) } })
    expect(await screen.findByText('This order is paid')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /by card/ })).not.toBeInTheDocument()
  })
})
