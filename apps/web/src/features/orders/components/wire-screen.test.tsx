import type { PaymentOption } from '@exchange/shared/orders.schemas'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { activeOrderFrom, startActiveOrder } from '../../../lib/active-order'
import { saveJwtCookie } from '../../../lib/cookies'
import { updateSessionState } from '../../../lib/session-state'
import { grossData, orderDetailAnswer, orderSummary, transferInstructions } from '../../../test/fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { WireScreen } from './wire-screen'
import { expectCurrentBuyStep } from '../../../test/buy-steps'

const BANK: PaymentOption = { id: 'sandbox-bank-uk', name: 'Sandbox Bank UK', tlId: 'sandbox-uk-1' }
const ORDER = orderSummary({ orderReference: 'ABCD234567' })
const AUTH_URL = '/sandbox/bank/consent?consent=ob_test_1'

function renderWire({ handlers = {}, bank = BANK }: { handlers?: ApiHandlers; bank?: PaymentOption | null } = {}) {
  saveJwtCookie('token-1', 24)
  startActiveOrder(activeOrderFrom(ORDER))
  updateSessionState({ selectedBank: bank })
  const assign = vi.fn()
  vi.stubGlobal('location', { ...window.location, assign })
  const api = mockApi({
    getOrderDetail: orderDetailAnswer(ORDER),
    orderSubmitWire: ok({ data: transferInstructions({ reference: 'ABCD234567', amount: '1250.00' }) }),
    orderStartPayByBank: ok({ data: { authUrl: AUTH_URL, sessionId: 'ob_test_1' } }),
    getHistory: ok({ data: { orders: [], page: 1, pageSize: 10, total: 0 } }),
    ...handlers,
  })
  const view = renderScreen(<WireScreen />, { path: '/dashboard-wire', customer: grossData() })
  return { api, assign, ...view }
}

describe('WireScreen', () => {
  it('pays with the bank app: the browser goes to the consent page of the chosen bank', async () => {
    const user = userEvent.setup()
    const { api, assign } = renderWire()
    expect(screen.getByText('From your account at Sandbox Bank UK.')).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Pay with your bank app' }))
    expectCurrentBuyStep('Pay')
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTH_URL))
    expect(api.callsTo('orderStartPayByBank')[0]?.body).toEqual({
      orderReference: 'ABCD234567',
      tlId: 'sandbox-uk-1',
      brandName: 'Helvex',
    })
  })

  it('a manual transfer shows our account, the exact amount and the exact reference, each to copy', async () => {
    const user = userEvent.setup()
    const { api } = renderWire()
    await user.click(await screen.findByRole('button', { name: 'Transfer manually' }))
    const details = await screen.findByRole('region', { name: 'Transfer details' })
    expect(api.callsTo('orderSubmitWire')[0]?.body).toEqual({
      orderReference: 'ABCD234567',
      tlId: 'sandbox-uk-1',
      brandName: 'Helvex',
    })
    expect(within(details).getByRole('group', { name: 'IBAN' })).toHaveTextContent('CH41 0999 9000 0001 0000 2')
    expect(within(details).getByRole('group', { name: 'BIC' })).toHaveTextContent('SNDBCHZZXXX')
    expect(within(details).getByRole('group', { name: 'Account holder' })).toHaveTextContent(
      'Helvex Digital Markets AG',
    )
    expect(within(details).getByRole('group', { name: 'Bank' })).toHaveTextContent('Sandbox Bank AG (test environment)')
    expect(within(details).getByRole('group', { name: 'Bank address' })).toHaveTextContent(
      'Teststrasse 1, 6300 Zug, Switzerland',
    )
    expect(within(details).getByRole('group', { name: 'Amount' })).toHaveTextContent('1,250.00 EUR')
    expect(within(details).getByRole('group', { name: 'Payment reference' })).toHaveTextContent('ABCD234567')
    expect(screen.getByText('Use the reference exactly as shown')).toBeInTheDocument()
    expect(screen.getByText('Sandbox bank (test environment)')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Done: follow the order in History' })).toHaveAttribute(
      'href',
      '/dashboard-history',
    )

    await user.click(screen.getByRole('button', { name: 'Copy payment reference' }))
    expect(await navigator.clipboard.readText()).toBe('ABCD234567')
    expect(screen.getByRole('button', { name: 'Copy payment reference' })).toHaveTextContent('Copied')
    await user.click(screen.getByRole('button', { name: 'Copy IBAN' }))
    expect(await navigator.clipboard.readText()).toBe('CH4109999000000100002')
    await user.click(screen.getByRole('button', { name: 'Copy amount' }))
    expect(await navigator.clipboard.readText()).toBe('1250.00')
  })

  it('says so when the order can no longer change', async () => {
    const user = userEvent.setup()
    renderWire({ handlers: { orderSubmitWire: fail('transition_not_allowed') } })
    await user.click(await screen.findByRole('button', { name: 'Transfer manually' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This order can no longer be changed.')
    expect(screen.queryByRole('region', { name: 'Transfer details' })).not.toBeInTheDocument()
  })

  it('asks for the bank first when none is chosen', async () => {
    renderWire({ bank: null })
    expect(await screen.findByRole('link', { name: 'Choose your bank' })).toHaveAttribute(
      'href',
      '/dashboard-choosebank',
    )
    expect(screen.queryByRole('button', { name: 'Transfer manually' })).not.toBeInTheDocument()
  })
})
