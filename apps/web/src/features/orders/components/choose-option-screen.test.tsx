import type { PaymentOption } from '@exchange/shared/orders.schemas'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { activeOrderFrom, startActiveOrder } from '../../../lib/active-order'
import { saveJwtCookie } from '../../../lib/cookies'
import { getSessionState } from '../../../lib/session-state'
import { grossData, methodsAnswer, orderDetailAnswer, orderSummary } from '../../../test/fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { ChooseOptionScreen } from './choose-option-screen'
import { expectCurrentBuyStep } from '../../../test/buy-steps'

const CARD_A: PaymentOption = { id: 'sandbox-card-a', name: 'Card A (sandbox)' }
const CARD_B: PaymentOption = { id: 'sandbox-card-b', name: 'Card B (sandbox)' }
const BANK_1: PaymentOption = { id: 'sandbox-bank-1', name: 'Sandbox Bank One', tlId: 'sandbox-us-1' }
const BANK_2: PaymentOption = { id: 'sandbox-bank-2', name: 'Sandbox Bank Two', tlId: 'sandbox-us-2' }
const ORDER = orderSummary({ orderReference: 'ABCD234567', fiatCur: 'chf', assetId: 'btc_chf' })

function renderChoice(group: 'psps' | 'banks', path: string, handlers: ApiHandlers = {}) {
  saveJwtCookie('token-1', 24)
  startActiveOrder(activeOrderFrom(ORDER))
  const api = mockApi({
    getOrderDetail: orderDetailAnswer(ORDER),
    orderBuyGetMethods: methodsAnswer({ psps: [CARD_A, CARD_B], banks: [BANK_1, BANK_2] }),
    orderSelectMethod: ok(),
    ...handlers,
  })
  const view = renderScreen(<ChooseOptionScreen group={group} />, { path, customer: grossData() })
  return { api, ...view }
}

describe('ChooseOptionScreen', () => {
  it('offers a way back to the payment methods for the same order', async () => {
    renderChoice('banks', '/dashboard-choosebank')
    expect(await screen.findByRole('link', { name: '← Back to the payment methods' })).toHaveAttribute(
      'href',
      '/dashboard-method?order=ABCD234567',
    )
  })

  it('lists the card providers under the order and goes on to the card payment with the one chosen', async () => {
    const user = userEvent.setup()
    const { api, router } = renderChoice('psps', '/dashboard-choosecc')
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your card provider' })).toBeInTheDocument()
    expect(await screen.findByText('ABCD234567')).toBeInTheDocument()
    expectCurrentBuyStep('Method')
    await user.click(await screen.findByRole('button', { name: 'Card B (sandbox)' }))
    await screen.findByText('Page /dashboard-startcc')
    expect(router.state.location.pathname).toBe('/dashboard-startcc')
    expect(api.callsTo('orderSelectMethod')[0]?.body).toEqual({
      orderReference: 'ABCD234567',
      group: 'psps',
      optionId: 'sandbox-card-b',
      brandName: 'Helvex',
    })
    expect(getSessionState().selectedPsp).toEqual(CARD_B)
  })

  it('lists the banks and keeps the chosen one, with its tlId, for the wire screen', async () => {
    const user = userEvent.setup()
    const { router } = renderChoice('banks', '/dashboard-choosebank')
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your bank' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Sandbox Bank One' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sandbox Bank Two' }))
    await screen.findByText('Page /dashboard-wire')
    expect(router.state.location.pathname).toBe('/dashboard-wire')
    expect(getSessionState().selectedBank).toEqual(BANK_2)
    expect(getSessionState().banksArray).toEqual([BANK_1, BANK_2])
  })

  it('stays and explains when the option can no longer be chosen', async () => {
    const user = userEvent.setup()
    const { router } = renderChoice('banks', '/dashboard-banks', { orderSelectMethod: fail('method_unavailable') })
    await user.click(await screen.findByRole('button', { name: 'Sandbox Bank One' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This payment method is not available for this order.')
    expect(router.state.location.pathname).toBe('/dashboard-banks')
    expect(getSessionState().selectedBank).toBeNull()
  })

  it('offers no choice for an order whose payment is under way', async () => {
    renderChoice('psps', '/dashboard-choosecc', {
      getOrderDetail: orderDetailAnswer({ ...ORDER, statusName: 'awaiting_payment' }),
    })
    expect(await screen.findByText('A payment for this order is under way')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Card A (sandbox)' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to History' })).toHaveAttribute('href', '/dashboard-history')
  })

  it('says it cannot tell which order it is for when neither the address nor this tab names one', () => {
    saveJwtCookie('token-1', 24)
    mockApi({})
    renderScreen(<ChooseOptionScreen group="psps" />, { path: '/dashboard-choosecc', customer: grossData() })
    expect(screen.getByText('We cannot tell which order this page is for.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Find your order in History' })).toHaveAttribute(
      'href',
      '/dashboard-history',
    )
    expect(screen.getByRole('link', { name: 'Start a new order in the calculator' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
  })
})
