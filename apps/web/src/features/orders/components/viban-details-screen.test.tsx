import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { activeOrderFrom, startActiveOrder } from '../../../lib/active-order'
import { saveJwtCookie } from '../../../lib/cookies'
import { grossData, orderDetailAnswer, orderSummary, transferInstructions } from '../../../test/fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { VibanDetailsScreen } from './viban-details-screen'

const ORDER = orderSummary({ orderReference: 'ABCD234567', statusName: 'awaiting_payment' })
const INSTRUCTIONS = transferInstructions({
  iban: 'CH9809999700000000001',
  holder: 'Helvex Digital Markets AG / Ada Lovelace',
  reference: 'ABCD234567',
  amount: '1250.00',
})

function renderDetails(handlers: ApiHandlers = {}) {
  saveJwtCookie('token-1', 24)
  startActiveOrder(activeOrderFrom(ORDER))
  const api = mockApi({
    getOrderDetail: orderDetailAnswer(ORDER),
    orderSubmitViban: ok({ data: INSTRUCTIONS }),
    orderCompleteViban: ok(),
    ...handlers,
  })
  const view = renderScreen(<VibanDetailsScreen />, { path: '/dashboard-vibanDetails', customer: grossData() })
  return { api, ...view }
}

describe('VibanDetailsScreen', () => {
  it('shows the virtual IBAN, the bank, the exact amount and the reference, each to copy, and says it is the sandbox', async () => {
    renderDetails()
    const details = await screen.findByRole('region', { name: 'Transfer details' })
    expect(within(details).getByRole('group', { name: 'IBAN' })).toHaveTextContent('CH98 0999 9700 0000 0000 1')
    expect(within(details).getByRole('group', { name: 'Account holder' })).toHaveTextContent(
      'Helvex Digital Markets AG / Ada Lovelace',
    )
    expect(within(details).getByRole('group', { name: 'Amount' })).toHaveTextContent('1,250.00 EUR')
    expect(within(details).getByRole('group', { name: 'Order reference' })).toHaveTextContent('ABCD234567')
    for (const name of ['IBAN', 'BIC', 'account holder', 'bank', 'bank address', 'amount', 'order reference']) {
      expect(within(details).getByRole('button', { name: `Copy ${name}` })).toBeInTheDocument()
    }
    expect(screen.getByText('Sandbox bank (test environment)')).toBeInTheDocument()
  })

  it('"I have paid" reports the transfer and says the customer will hear from us', async () => {
    const user = userEvent.setup()
    const { api } = renderDetails()
    await user.click(await screen.findByRole('button', { name: 'I have paid' }))
    expect(await screen.findByText('Thank you. We will e-mail you as soon as the money arrives.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Follow your order in History' })).toHaveAttribute(
      'href',
      '/dashboard-history',
    )
    expect(screen.queryByRole('button', { name: 'I have paid' })).not.toBeInTheDocument()
    expect(api.callsTo('orderCompleteViban')[0]?.body).toEqual({ brandName: 'Helvex' })
  })

  it('says so when there is no transfer to report', async () => {
    const user = userEvent.setup()
    renderDetails({ orderCompleteViban: fail('order_not_found') })
    await user.click(await screen.findByRole('button', { name: 'I have paid' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this order.')
  })

  it('explains when the order can no longer be paid this way', async () => {
    renderDetails({ orderSubmitViban: fail('transition_not_allowed') })
    expect(await screen.findByText('This order can no longer be changed.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'I have paid' })).not.toBeInTheDocument()
  })
})
