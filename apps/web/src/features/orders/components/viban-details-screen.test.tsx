import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { activeOrderFrom, startActiveOrder } from '../../../lib/active-order'
import { saveJwtCookie } from '../../../lib/cookies'
import { bankAccount, grossData, orderDetailAnswer, orderSummary, transferInstructions } from '../../../test/fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { PAYMENT_WATCH_MS } from '../api/get-order-detail'
import { VibanDetailsScreen } from './viban-details-screen'
import { expectCurrentBuyStep } from '../../../test/buy-steps'

const IBAN = 'CH9809999700000000001'
const ACCOUNT = bankAccount({ iban: IBAN, holder: 'Helvex Digital Markets AG / Ada Lovelace' })
const ORDER = orderSummary({
  orderReference: 'ABCD234567',
  statusName: 'awaiting_payment',
  fiatAmount: '1250.00',
  method: IBAN,
  methodName: 'Bank transfer to your virtual IBAN',
})
/** An older order of the same customer, still open: the page must never act on it unless it is the one named. */
const OLDER = orderSummary({ orderReference: 'OLDR234567', statusName: 'initiated', fiatAmount: '80.00' })
const byReference = (body: Record<string, unknown>) =>
  orderDetailAnswer(body.orderReference === OLDER.orderReference ? OLDER : ORDER)

function renderDetails(handlers: ApiHandlers = {}, options: { url?: string; tabOrder?: boolean } = {}) {
  saveJwtCookie('token-1', 24)
  if (options.tabOrder !== false) startActiveOrder(activeOrderFrom(ORDER))
  const api = mockApi({
    getOrderDetail: byReference,
    orderGetViban: ok({ data: ACCOUNT }),
    orderSubmitViban: ok({ data: transferInstructions({ iban: IBAN, reference: OLDER.orderReference }) }),
    orderCompleteViban: ok(),
    ...handlers,
  })
  const view = renderScreen(<VibanDetailsScreen />, {
    path: '/dashboard-vibanDetails',
    url: options.url,
    customer: grossData({ openOrder: [OLDER, ORDER] }),
  })
  return { api, ...view }
}

describe('VibanDetailsScreen', () => {
  it('shows the virtual IBAN, the bank, the exact amount and the reference, each to copy, and says it is the sandbox', async () => {
    renderDetails()
    const details = await screen.findByRole('region', { name: 'Transfer details' })
    expectCurrentBuyStep('Pay')
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
    expect(
      await screen.findByText(
        'Thank you. This page shows the payment as soon as the money arrives, and we e-mail you then.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Follow your order in History' })).toHaveAttribute(
      'href',
      '/dashboard-history',
    )
    expect(screen.queryByRole('button', { name: 'I have paid' })).not.toBeInTheDocument()
    expect(api.callsTo('orderCompleteViban')[0]?.body).toEqual({ brandName: 'Helvex', orderReference: 'ABCD234567' })
    expect(api.callsTo('orderSubmitViban')).toEqual([])
  })

  it('says so when there is no transfer to report', async () => {
    const user = userEvent.setup()
    renderDetails({ orderCompleteViban: fail('order_not_found') })
    await user.click(await screen.findByRole('button', { name: 'I have paid' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this order.')
  })

  it('"I have paid" after the money arrived shows the order as paid, not an error', async () => {
    const user = userEvent.setup()
    let order = ORDER
    renderDetails({ getOrderDetail: () => orderDetailAnswer(order), orderCompleteViban: fail('order_not_found') })
    const paid = await screen.findByRole('button', { name: 'I have paid' })
    order = { ...ORDER, statusName: 'paid' }
    await user.click(paid)
    expect(await screen.findByRole('note', { name: 'This order is paid' })).toHaveTextContent('Order ABCD234567 is')
    expect(within(screen.getByRole('region', { name: 'Your order' })).getByText('You paid')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'I have paid' })).not.toBeInTheDocument()
  })

  it('shows the payment by itself once it lands, and stops asking then', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let order = ORDER
    const { api } = renderDetails({ getOrderDetail: () => orderDetailAnswer(order) })
    await screen.findByRole('button', { name: 'I have paid' })
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_WATCH_MS))
    expect(screen.getByRole('button', { name: 'I have paid' })).toBeInTheDocument()
    order = { ...ORDER, statusName: 'paid' }
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_WATCH_MS))
    expect(await screen.findByRole('note', { name: 'This order is paid' })).toBeInTheDocument()
    const asked = api.callsTo('getOrderDetail').length
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_WATCH_MS * 3))
    expect(api.callsTo('getOrderDetail')).toHaveLength(asked)
  })

  it('explains when the order can no longer be paid', async () => {
    renderDetails({ getOrderDetail: orderDetailAnswer({ ...ORDER, statusName: 'expired' }) })
    expect(await screen.findByText('Order ABCD234567 can no longer be paid.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'I have paid' })).not.toBeInTheDocument()
  })

  it('opened for a named order (another tab, an old link) shows that order and changes nothing by being viewed', async () => {
    const { api } = renderDetails({}, { url: '/dashboard-vibanDetails?order=OLDR234567', tabOrder: false })
    expect(await screen.findByText(/Order OLDR234567 is not set to be paid by transfer yet/)).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Transfer details' })).not.toBeInTheDocument()
    expect(api.callsTo('getOrderDetail').map((call) => call.body.orderReference)).toEqual(['OLDR234567'])
    expect(api.callsTo('orderSubmitViban')).toEqual([])
  })

  it('ties the named order to the virtual IBAN only when the customer asks', async () => {
    const user = userEvent.setup()
    const { api } = renderDetails({}, { url: '/dashboard-vibanDetails?order=OLDR234567', tabOrder: false })
    await user.click(await screen.findByRole('button', { name: 'Pay this order to my virtual IBAN' }))
    expect(api.callsTo('orderSubmitViban').map((call) => call.body)).toEqual([
      { orderReference: 'OLDR234567', brandName: 'Helvex' },
    ])
  })

  it('says it cannot tell which order it is for when neither the address nor this tab names one', async () => {
    const { api } = renderDetails({}, { tabOrder: false })
    expect(await screen.findByText('We cannot tell which order this page is for.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Find your order in History' })).toHaveAttribute(
      'href',
      '/dashboard-history',
    )
    expect(api.callsTo('getOrderDetail')).toEqual([])
    expect(api.callsTo('orderSubmitViban')).toEqual([])
  })

  it('warns against a transfer for an order being paid another way', async () => {
    renderDetails({
      getOrderDetail: orderDetailAnswer({ ...ORDER, method: 'sandbox-card', methodName: 'Card (sandbox)' }),
    })
    expect(await screen.findByText('This order is being paid another way')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'I have paid' })).not.toBeInTheDocument()
  })
})
