import type { PaymentOption } from '@exchange/shared/orders.schemas'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { activeOrderFrom, startActiveOrder } from '../../../lib/active-order'
import { saveJwtCookie } from '../../../lib/cookies'
import { getSessionState } from '../../../lib/session-state'
import { grossData, methodsAnswer, orderSummary } from '../../../test/fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { formatDateTime } from '../../../lib/format'
import { renderScreen } from '../../../test/render'
import { MethodScreen } from './method-screen'

const CARD: PaymentOption = { id: 'sandbox-card', name: 'Card (sandbox)' }
const CARD_B: PaymentOption = { id: 'sandbox-card-b', name: 'Card B (sandbox)' }
const BANK: PaymentOption = { id: 'sandbox-bank-uk', name: 'Sandbox Bank UK', tlId: 'sandbox-uk-1' }
const BANK_2: PaymentOption = { id: 'sandbox-bank-2', name: 'Sandbox Bank Two', tlId: 'sandbox-us-2' }

const ORDER = orderSummary({ orderReference: 'ABCD234567' })

interface Arrange {
  handlers?: ApiHandlers
  names?: { firstName: string | null; lastName: string | null }
  /** Whether this tab started the order (session state) or it is only among getGross' open orders. */
  inSession?: boolean
}

function renderMethodScreen({
  handlers = {},
  names = { firstName: 'Ada', lastName: 'Lovelace' },
  inSession = true,
}: Arrange = {}) {
  saveJwtCookie('token-1', 24)
  if (inSession) startActiveOrder(activeOrderFrom(ORDER))
  const api = mockApi({
    getOrderDetail: ok({ data: { order: ORDER, events: [] } }),
    orderBuyGetMethods: methodsAnswer({ psps: [CARD] }),
    orderSelectMethod: ok(),
    ...handlers,
  })
  const view = renderScreen(<MethodScreen />, {
    path: '/dashboard-method',
    customer: grossData({ ...names, openOrder: inSession ? [] : [ORDER] }),
  })
  return { api, ...view }
}

async function choose(name: string) {
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name }))
}

describe('MethodScreen', () => {
  it('shows the purchase at its second step, the method', async () => {
    renderMethodScreen()
    const steps = await screen.findByRole('navigation', { name: 'Steps of your purchase' })
    expect(within(steps).getByText('Method').closest('li')).toHaveAttribute('aria-current', 'step')
  })

  it('shows the order: reference, amounts, rate, fee and until when the price holds', async () => {
    renderMethodScreen()
    const summary = await screen.findByRole('region', { name: 'Your order' })
    await within(summary).findByText('ABCD234567')
    expect(within(summary).getByText('1,250.00 EUR')).toBeInTheDocument()
    expect(within(summary).getByText('0.01354679 BTC')).toBeInTheDocument()
    expect(within(summary).getByText('1 BTC = 91,350.00 EUR')).toBeInTheDocument()
    expect(within(summary).getByText('12.50 EUR')).toBeInTheDocument()
    expect(within(summary).getByText('Price fixed')).toBeInTheDocument()
    expect(within(summary).getByRole('timer')).toHaveTextContent(/until /)
  })

  it('offers only the allowed groups and keeps their options in the session state', async () => {
    renderMethodScreen({ handlers: { orderBuyGetMethods: methodsAnswer({ psps: [CARD], banks: [BANK] }) } })
    expect(await screen.findByRole('button', { name: 'Card' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Bank transfer' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Other methods' })).not.toBeInTheDocument()
    await waitFor(() =>
      expect(getSessionState()).toMatchObject({ pspArray: [CARD], banksArray: [BANK], altMethodArray: [] }),
    )
  })

  it('selects the one card provider and goes to the virtual IBAN when the name is known', async () => {
    const { api, router } = renderMethodScreen()
    await choose('Card')
    await screen.findByText('Page /dashboard-viban')
    expect(router.state.location.pathname).toBe('/dashboard-viban')
    expect(api.callsTo('orderSelectMethod')[0]?.body).toEqual({
      orderReference: 'ABCD234567',
      group: 'psps',
      optionId: 'sandbox-card',
      brandName: 'Helvex',
    })
    expect(getSessionState().selectedPsp).toEqual(CARD)
  })

  it('asks for the details first when the name is missing', async () => {
    const { router } = renderMethodScreen({ names: { firstName: 'Ada', lastName: null } })
    await choose('Card')
    await screen.findByText('Page /dashboard-confirmdetails')
    expect(router.state.location.pathname).toBe('/dashboard-confirmdetails')
  })

  it('lets the customer choose among several card providers', async () => {
    const { api, router } = renderMethodScreen({
      handlers: { orderBuyGetMethods: methodsAnswer({ psps: [CARD, CARD_B] }) },
    })
    await choose('Card')
    await screen.findByText('Page /dashboard-choosecc')
    expect(router.state.location.pathname).toBe('/dashboard-choosecc')
    expect(api.callsTo('orderSelectMethod')).toHaveLength(0)
  })

  it('selects the one bank, with its tlId, and goes to the wire details', async () => {
    const { api, router } = renderMethodScreen({ handlers: { orderBuyGetMethods: methodsAnswer({ banks: [BANK] }) } })
    await choose('Bank transfer')
    await screen.findByText('Page /dashboard-wire')
    expect(router.state.location.pathname).toBe('/dashboard-wire')
    expect(api.callsTo('orderSelectMethod')[0]?.body).toMatchObject({ group: 'banks', optionId: 'sandbox-bank-uk' })
    expect(getSessionState().selectedBank).toEqual(BANK)
  })

  it('lets the customer choose among several banks', async () => {
    const { router } = renderMethodScreen({
      handlers: { orderBuyGetMethods: methodsAnswer({ banks: [BANK, BANK_2] }) },
    })
    await choose('Bank transfer')
    await screen.findByText('Page /dashboard-choosebank')
    expect(router.state.location.pathname).toBe('/dashboard-choosebank')
  })

  it('works on the open order of getGross when this tab did not start it', async () => {
    const { api } = renderMethodScreen({ inSession: false })
    await choose('Card')
    await screen.findByText('Page /dashboard-viban')
    expect(api.callsTo('orderBuyGetMethods')[0]?.body).toEqual({ orderReference: 'ABCD234567', brandName: 'Helvex' })
  })

  it('stays and explains when the method can no longer be chosen', async () => {
    const { router } = renderMethodScreen({ handlers: { orderSelectMethod: fail('method_unavailable') } })
    await choose('Card')
    expect(await screen.findByRole('alert')).toHaveTextContent('This payment method is not available for this order.')
    expect(router.state.location.pathname).toBe('/dashboard-method')
  })

  it('cancels the order: it stops being active, is kept as the last active one, and the customer is told', async () => {
    const user = userEvent.setup()
    const { api, router, queryClient } = renderMethodScreen({
      handlers: { exchangeUpdateOrder: ok({ statusName: 'cancelled' }) },
    })
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }))
    // It asks first; keeping the order changes nothing.
    const ask = await screen.findByRole('dialog', { name: 'Cancel order ABCD234567?' })
    await user.click(within(ask).getByRole('button', { name: 'Keep the order' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.callsTo('exchangeUpdateOrder')).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Cancel order' }))
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel the order' }))
    await screen.findByText('Page /dashboard')
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(api.callsTo('exchangeUpdateOrder')[0]?.body).toEqual({
      orderReference: 'ABCD234567',
      statusName: 'cancelled',
      brandName: 'Helvex',
    })
    expect(getSessionState().activeOrder).toBeNull()
    expect(getSessionState().lastActiveOrder).toMatchObject({ orderReference: 'ABCD234567', statusName: 'cancelled' })
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['gross'] })
    expect(await screen.findByText('Order ABCD234567 cancelled')).toBeInTheDocument()
  })

  it('says so when the order found has ended, and offers no payment', async () => {
    const cancelled = orderSummary({ orderReference: 'ABCD234567', statusName: 'cancelled' })
    renderMethodScreen({ handlers: { getOrderDetail: ok({ data: { order: cancelled, events: [] } }) } })
    expect(await screen.findByText('This order is cancelled')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Card' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument()
  })

  it('leads to the calculator when there is no order', async () => {
    saveJwtCookie('token-1', 24)
    mockApi({})
    renderScreen(<MethodScreen />, { path: '/dashboard-method', customer: grossData() })
    expect(screen.getByText('You have no order in progress.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the calculator to start one' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
  })
})

describe('MethodScreen after a security change (decision 126)', () => {
  it('tells the customer before they pay that coins to this new wallet go out only after the hold, and why', async () => {
    const until = '2026-11-23T10:00:00.000Z'
    renderMethodScreen({
      handlers: {
        getOrderDetail: ok({
          data: { order: ORDER, events: [], payoutHold: { until, reason: 'email_changed' } },
        }),
      },
    })
    const notice = await screen.findByRole('alert', { name: /Your coins go out after a safety wait/ })
    expect(notice).toHaveTextContent('Because the e-mail address of your account was changed')
    expect(notice).toHaveTextContent(`your coins go out after ${formatDateTime(until)}.`)
    expect(await screen.findByRole('button', { name: 'Card' })).toBeEnabled()
  })
})
