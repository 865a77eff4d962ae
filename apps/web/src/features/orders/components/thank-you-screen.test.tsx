import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { activeOrderFrom, startActiveOrder } from '../../../lib/active-order'
import { saveJwtCookie } from '../../../lib/cookies'
import { updateSessionState } from '../../../lib/session-state'
import { grossData, orderDetailAnswer, orderSummary } from '../../../test/fixtures'
import { mockApi, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { ThankYouScreen } from './thank-you-screen'

const WALLET = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'
const PAID = orderSummary({ orderReference: 'PAID234567', statusName: 'completed', orderWallet: WALLET })
const DELIVERED = `Sent to ${WALLET}, transaction SIMULATED-0ac65b4c`

function renderThankYou(handlers: ApiHandlers, url?: string) {
  saveJwtCookie('token-1', 24)
  const api = mockApi(handlers)
  renderScreen(<ThankYouScreen />, { path: '/dashboard-thankyou', url, customer: grossData() })
  return api
}

describe('ThankYouScreen', () => {
  it('shows the order the return page checked, completed, with the transaction that delivered it', async () => {
    startActiveOrder(activeOrderFrom(orderSummary({ orderReference: 'OTHER23456' })))
    updateSessionState({ lastPayment: { orderReference: 'PAID234567', outcome: 'succeeded', failureReason: null } })
    const api = renderThankYou({
      getOrderDetail: orderDetailAnswer(PAID, [
        {},
        { fromStatus: 'processing', toStatus: 'completed', kind: 'delivered', words: DELIVERED, actor: 'system' },
      ]),
    })
    const order = await screen.findByRole('region', { name: 'Your order' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toBeInTheDocument()
    expect(await within(order).findByText('PAID234567')).toBeInTheDocument()
    expect(within(order).getByText('Completed')).toBeInTheDocument()
    expect(within(order).getByText('1,250.00 EUR')).toBeInTheDocument()
    expect(within(order).getByText('0.01354679 BTC')).toBeInTheDocument()
    expect(within(order).getByText('You paid')).toBeInTheDocument()
    expect(within(order).getByText('You received')).toBeInTheDocument()
    expect(within(order).queryByText('You pay')).not.toBeInTheDocument()
    expect(screen.getByText('Your coins are on their way')).toBeInTheDocument()
    expect(screen.getByText(DELIVERED)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View in History' })).toHaveAttribute('href', '/dashboard-history')
    expect(api.callsTo('getOrderDetail')[0]?.body).toEqual({ orderReference: 'PAID234567', brandName: 'Helvex' })
  })

  it('links the delivery transaction on the explorer, or says a simulated one is a test, and offers the receipt', async () => {
    const txId = 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16'
    const delivery = {
      txId,
      simulated: false,
      network: 'testnet',
      deliveredAt: '2025-01-01T12:05:00.000Z',
      explorerUrl: `https://mempool.space/testnet4/tx/${txId}`,
    }
    renderThankYou(
      { getOrderDetail: orderDetailAnswer(PAID, [{}], { delivery }) },
      '/dashboard-thankyou?order=PAID234567',
    )
    const sent = await screen.findByRole('region', { name: 'Delivery transaction' })
    expect(within(sent).getByRole('link', { name: 'View on the block explorer' })).toHaveAttribute(
      'href',
      `https://mempool.space/testnet4/tx/${txId}`,
    )
    expect(within(sent).getByText('Testnet')).toBeInTheDocument()
    expect(within(sent).getByText(txId)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      '/dashboard-receipt?order=PAID234567',
    )
  })

  it('says a simulated delivery is a test, with no explorer link', async () => {
    const delivery = {
      txId: 'SIMULATED-0ac65b4c',
      simulated: true,
      network: 'mainnet',
      deliveredAt: '2025-01-01T12:05:00.000Z',
      explorerUrl: null,
    }
    renderThankYou(
      { getOrderDetail: orderDetailAnswer(PAID, [{}], { delivery }) },
      '/dashboard-thankyou?order=PAID234567',
    )
    const sent = await screen.findByRole('region', { name: 'Delivery transaction' })
    expect(within(sent).getByText('Simulated transaction (test environment)')).toBeInTheDocument()
    expect(within(sent).queryByRole('link')).not.toBeInTheDocument()
  })

  it('says the coins are being bought while the order is paid but not delivered yet', async () => {
    renderThankYou(
      { getOrderDetail: orderDetailAnswer({ ...PAID, statusName: 'processing' }) },
      '/dashboard-thankyou?order=PAID234567',
    )
    expect(
      await screen.findByText('We are buying your coins now. We will e-mail you when they are on their way.'),
    ).toBeInTheDocument()
    expect(screen.getByText('Processing')).toBeInTheDocument()
  })

  it('asks for a wallet when the paid order has none, since the coins cannot be sent', async () => {
    renderThankYou(
      {
        getOrderDetail: orderDetailAnswer({ ...PAID, statusName: 'processing', orderWallet: 'NO_WALLET_PROVIDED' }),
      },
      '/dashboard-thankyou?order=PAID234567',
    )
    expect(await screen.findByText('Payment received: we need your wallet')).toBeInTheDocument()
    expect(screen.getByText('Not given yet')).toBeInTheDocument()
  })

  it('opened for an unpaid order (another tab, an old link) does not thank the customer for a payment', async () => {
    const UNPAID = orderSummary({ orderReference: 'OPEN234567', statusName: 'awaiting_payment' })
    const api = renderThankYou({ getOrderDetail: orderDetailAnswer(UNPAID) }, '/dashboard-thankyou?order=OPEN234567')
    expect(await screen.findByRole('heading', { level: 1, name: 'Waiting for your payment' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Thank you' })).not.toBeInTheDocument()
    expect(api.callsTo('getOrderDetail')[0]?.body).toEqual({ orderReference: 'OPEN234567', brandName: 'Helvex' })
  })

  it('names no order of its own choosing when neither the address nor the return page says which', async () => {
    const api = renderThankYou({ getOrderDetail: orderDetailAnswer(PAID) })
    expect(await screen.findByText('We cannot tell which order this page is for.')).toBeInTheDocument()
    expect(api.callsTo('getOrderDetail')).toEqual([])
  })

  it('gives a paid order without a wallet the way to add it, rather than sending the customer to support', async () => {
    renderThankYou(
      {
        getOrderDetail: orderDetailAnswer(
          orderSummary({ orderReference: 'NOWA234567', statusName: 'processing', orderWallet: 'NO_WALLET_PROVIDED' }),
        ),
      },
      '/dashboard-thankyou?order=NOWA234567',
    )
    expect(await screen.findByText('Payment received: we need your wallet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Add your wallet' })).toHaveAttribute(
      'href',
      '/dashboard-wallets?order=NOWA234567',
    )
  })
})
