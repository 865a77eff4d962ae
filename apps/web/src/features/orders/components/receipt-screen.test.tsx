import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { grossData, orderDetailAnswer, orderSummary } from '../../../test/fixtures'
import { fail, mockApi, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { ReceiptScreen } from './receipt-screen'

const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const COMPLETED = orderSummary({
  orderReference: 'DONE234567',
  statusName: 'completed',
  orderWallet: WALLET,
  methodName: 'Bank transfer',
})
const DELIVERY = {
  txId: 'SIMULATED-0ac65b4c',
  simulated: true,
  network: 'mainnet',
  deliveredAt: '2025-01-01T12:20:00.000Z',
  explorerUrl: null,
}

function renderReceipt(handlers: ApiHandlers, url = '/dashboard-receipt?order=DONE234567') {
  saveJwtCookie('token-1', 24)
  const api = mockApi(handlers)
  renderScreen(<ReceiptScreen />, { path: '/dashboard-receipt', url, customer: grossData() })
  return api
}

const row = (receipt: HTMLElement, label: string) =>
  within(receipt).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement

describe('ReceiptScreen', () => {
  it('shows the company, the customer, the order, what was paid and bought, the wallet and the transaction', async () => {
    const user = userEvent.setup()
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    const api = renderReceipt({
      getOrderDetail: orderDetailAnswer(
        COMPLETED,
        [{}, { fromStatus: 'awaiting_payment', toStatus: 'paid', at: '2025-01-01T12:10:00.000Z', actor: 'system' }],
        { delivery: DELIVERY },
      ),
    })
    const receipt = await screen.findByRole('article', { name: 'Receipt' })
    expect(within(receipt).getByText('Helvex Digital Markets AG')).toBeInTheDocument()
    expect(row(receipt, 'Customer')).toHaveTextContent('Ada Lovelace')
    expect(row(receipt, 'Order reference')).toHaveTextContent('DONE234567')
    expect(row(receipt, 'Order date')).toHaveTextContent(/2025/)
    expect(row(receipt, 'Paid on')).toHaveTextContent(/2025/)
    expect(row(receipt, 'Coins sent on')).toHaveTextContent(/2025/)
    expect(row(receipt, 'Payment method')).toHaveTextContent('Bank transfer')
    expect(row(receipt, 'Crypto bought for')).toHaveTextContent('1,237.50 EUR')
    expect(row(receipt, 'Fee')).toHaveTextContent('12.50 EUR')
    expect(row(receipt, 'Total incl. fee')).toHaveTextContent('1,250.00 EUR')
    expect(row(receipt, 'Price')).toHaveTextContent('1 BTC = 91,350.00 EUR')
    expect(row(receipt, 'You received')).toHaveTextContent('0.01354679 BTC')
    expect(row(receipt, 'Coin')).toHaveTextContent('BTC')
    expect(row(receipt, 'Wallet')).toHaveTextContent(WALLET)
    const transaction = within(receipt).getByRole('region', { name: 'Delivery transaction' })
    expect(within(transaction).getByText('Simulated transaction (test environment)')).toBeInTheDocument()
    expect(within(transaction).getByText('SIMULATED-0ac65b4c')).toBeInTheDocument()
    expect(api.callsTo('getOrderDetail')[0]?.body).toEqual({ orderReference: 'DONE234567', brandName: 'Helvex' })

    await user.click(screen.getByRole('button', { name: 'Print or save as PDF' }))
    expect(print).toHaveBeenCalledTimes(1)
  })

  it.each(['initiated', 'awaiting_payment', 'failed', 'refunded', 'processing'] as const)(
    'has no receipt for an order whose coins were not sent (%s)',
    async (statusName) => {
      renderReceipt({ getOrderDetail: orderDetailAnswer({ ...COMPLETED, statusName }) })
      expect(await screen.findByText('No receipt for this order yet')).toBeInTheDocument()
      expect(screen.queryByRole('article', { name: 'Receipt' })).not.toBeInTheDocument()
    },
  )

  it('shows nothing of an order that is not the customer’s own: the api does not find it', async () => {
    renderReceipt({ getOrderDetail: fail('order_not_found') })
    expect(await screen.findByText('We could not find this order.')).toBeInTheDocument()
    expect(screen.queryByRole('article', { name: 'Receipt' })).not.toBeInTheDocument()
  })

  it('names no order of its own choosing when the address does not say which', async () => {
    const api = renderReceipt({}, '/dashboard-receipt')
    expect(await screen.findByText(/cannot tell which order this receipt is for/)).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Receipt'])
    expect(api.callsTo('getOrderDetail')).toEqual([])
  })
})
