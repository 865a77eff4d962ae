import type { OrderSummary } from '@exchange/shared/orders.schemas'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { activeOrderFrom, startActiveOrder } from '../../../lib/active-order'
import { saveJwtCookie } from '../../../lib/cookies'
import { getSessionState } from '../../../lib/session-state'
import { grossData, orderDetailAnswer, orderSummary } from '../../../test/fixtures'
import { mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { OrderHistory } from './order-history'

/** Twelve orders, newest first, as the api pages them. */
const ORDERS: OrderSummary[] = Array.from({ length: 12 }, (_, i) =>
  orderSummary({
    orderReference: `ORDER${String(12 - i).padStart(5, '0')}`,
    statusName: i === 0 ? 'initiated' : 'cancelled',
    createdAt: new Date(Date.UTC(2025, 0, 12 - i, 12)).toISOString(),
  }),
)

/** The api's pages: after the order named, or by number; `nextAfter` names the last order when more follow. */
function historyPage(body: Record<string, unknown>) {
  const page = Number(body.page)
  const pageSize = Number(body.pageSize)
  const start = body.after
    ? ORDERS.findIndex((order) => order.orderReference === body.after) + 1
    : (page - 1) * pageSize
  const orders = ORDERS.slice(start, start + pageSize)
  const more = start + pageSize < ORDERS.length
  return ok({
    data: {
      orders,
      page,
      pageSize,
      total: ORDERS.length,
      totalCapped: false,
      nextAfter: more ? orders.at(-1)!.orderReference : null,
    },
  })
}

function renderHistory(handlers: ApiHandlers = {}) {
  saveJwtCookie('token-1', 24)
  const api = mockApi({ getHistory: historyPage, ...handlers })
  const view = renderScreen(<OrderHistory />, { path: '/dashboard-history', customer: grossData() })
  return { api, ...view }
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Orders' }))
    .getAllByRole('row')
    .slice(1)

describe('OrderHistory', () => {
  it("marks an order whose late payment waits for the customer's decision", async () => {
    const waiting = orderSummary({ orderReference: 'LATE234567', statusName: 'expired', decisionWaits: true })
    renderHistory({ getHistory: ok({ data: { orders: [waiting, ORDERS[1]], page: 1, pageSize: 10, total: 2 } }) })
    await screen.findByText('LATE234567')
    expect(within(rows()[0]!).getByText('Your decision needed')).toBeInTheDocument()
    expect(within(rows()[1]!).queryByText('Your decision needed')).not.toBeInTheDocument()
  })

  it('lists ten orders a page, newest first, with what each cost and bought', async () => {
    const { api } = renderHistory()
    await screen.findByText('ORDER00012')
    expect(api.callsTo('getHistory')[0]?.body).toEqual({ page: 1, pageSize: 10, brandName: 'Helvex' })
    expect(rows()).toHaveLength(10)
    const newest = rows()[0]!
    expect(within(newest).getByText('Started')).toBeInTheDocument()
    expect(within(newest).getByText('1,250.00 EUR')).toBeInTheDocument()
    expect(within(newest).getByText('0.01354679 BTC')).toBeInTheDocument()
    expect(within(newest).getByText('1 BTC = 91,350.00 EUR')).toBeInTheDocument()
    expect(within(newest).getByText('12.50 EUR')).toBeInTheDocument()
    expect(within(newest).getByText('—')).toBeInTheDocument()
    expect(within(rows()[1]!).getByText('Cancelled')).toBeInTheDocument()
  })

  it('shows the older page after the last order shown, and goes back to the newer one', async () => {
    const user = userEvent.setup()
    // jsdom lays nothing out: the page's top is asked to come into view, which a browser scrolls to.
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView')
    const { api } = renderHistory()
    await screen.findByText('ORDER00012')
    const pages = screen.getByRole('navigation', { name: 'Pages of orders' })
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument()
    expect(within(pages).getByRole('button', { name: 'Newer orders' })).toBeDisabled()
    await user.click(within(pages).getByRole('button', { name: 'Older orders' }))
    await screen.findByText('ORDER00002')
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' })
    expect(scrolled.mock.contexts[0]).toContainElement(screen.getByRole('heading', { name: 'Order history' }))
    scrolled.mockRestore()
    expect(api.callsTo('getHistory')[1]?.body).toEqual({
      page: 2,
      pageSize: 10,
      after: 'ORDER00003',
      brandName: 'Helvex',
    })
    expect(rows()).toHaveLength(2)
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument()
    expect(within(pages).getByRole('button', { name: 'Older orders' })).toBeDisabled()
    await user.click(within(pages).getByRole('button', { name: 'Newer orders' }))
    await screen.findByText('ORDER00012')
    expect(rows()).toHaveLength(10)
  })

  it('tells a customer with more orders than the count reaches that there are more, and still pages on', async () => {
    const user = userEvent.setup()
    const page = (after: string | undefined) =>
      ok({
        data: {
          orders: ORDERS.slice(after ? 10 : 0, after ? 12 : 10),
          page: after ? 2 : 1,
          pageSize: 10,
          total: 1000,
          totalCapped: true,
          nextAfter: 'ORDER00003',
        },
      })
    renderHistory({ getHistory: (body) => page(body.after as string | undefined) })
    await screen.findByText('ORDER00012')
    expect(screen.getByText('Page 1 (more than 1,000 orders)')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Older orders' }))
    expect(await screen.findByText('Page 2 (more than 1,000 orders)')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Older orders' })).toBeEnabled()
  })

  it('opens an order with its timeline of status changes', async () => {
    const user = userEvent.setup()
    const cancelled = ORDERS[1]!
    const { api } = renderHistory({
      getOrderDetail: ok({
        data: {
          order: cancelled,
          events: [
            {
              at: '2025-01-11T12:00:00.000Z',
              fromStatus: null,
              toStatus: 'initiated',
              kind: 'order_created',
              words: null,
              actor: 'customer',
            },
            {
              at: '2025-01-11T12:03:00.000Z',
              fromStatus: 'initiated',
              toStatus: 'cancelled',
              kind: 'cancelled_by_customer',
              words: null,
              actor: 'customer',
            },
          ],
        },
      }),
    })
    await screen.findByText('ORDER00011')
    await user.click(screen.getByRole('button', { name: 'Details of order ORDER00011' }))
    const drawer = await screen.findByRole('dialog', { name: 'Order ORDER00011' })
    await within(drawer).findByText('You cancelled the order')
    expect(within(drawer).getByText('Order started, price fixed')).toBeInTheDocument()
    expect(within(drawer).queryByText('Cancelled by the customer')).not.toBeInTheDocument()
    expect(within(drawer).queryByText(/→/)).not.toBeInTheDocument()
    // Nothing was paid for a cancelled order, so nothing reads "You paid" or "You pay".
    expect(within(drawer).getByText('Order amount')).toBeInTheDocument()
    expect(within(drawer).getByText('Not sent')).toBeInTheDocument()
    expect(within(drawer).queryByText(/^You pa(y|id)$/)).not.toBeInTheDocument()
    expect(api.callsTo('getOrderDetail')[0]?.body).toEqual({ orderReference: 'ORDER00011', brandName: 'Helvex' })
  })

  it('tells a paid order’s story for its customer: one entry per step, the method chosen, no repeated status', async () => {
    const user = userEvent.setup()
    const completed = orderSummary({
      orderReference: 'ORDER00011',
      statusName: 'completed',
      method: 'sandbox-uk-1',
      methodName: 'Sandbox Bank UK',
    })
    const event = (
      at: string,
      fromStatus: string | null,
      toStatus: string,
      words: string | null,
      actor = 'system',
    ) => ({
      at: `2025-01-11T12:${at}.000Z`,
      fromStatus,
      toStatus,
      kind: 'any',
      words,
      actor,
    })
    renderHistory({
      getOrderDetail: ok({
        data: {
          order: completed,
          events: [
            event('00:00', null, 'initiated', null, 'customer'),
            event('01:00', 'initiated', 'awaiting_payment', 'You chose to pay by bank transfer', 'customer'),
            event(
              '02:00',
              'awaiting_payment',
              'awaiting_payment',
              'You told us the transfer is on its way',
              'customer',
            ),
            event('03:00', 'awaiting_payment', 'paid', 'We received 1,250.00 EUR'),
            event('04:00', 'paid', 'processing', null),
            event('05:00', 'processing', 'completed', 'Sent to the wallet, transaction 0xabc'),
          ],
        },
      }),
    })
    await screen.findByText('ORDER00012')
    await user.click(screen.getByRole('button', { name: 'Details of order ORDER00011' }))
    const drawer = await screen.findByRole('dialog', { name: 'Order ORDER00011' })
    const timeline = await within(drawer).findByLabelText('Order timeline')
    const titles = [
      'Order started, price fixed',
      'You chose how to pay',
      'Payment received',
      'Buying and sending your coins',
      'Coins sent',
    ]
    const text = timeline.textContent ?? ''
    const positions = titles.map((title) => text.indexOf(title))
    expect(positions.every((position) => position >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
    for (const title of titles) expect(within(timeline).getAllByText(title)).toHaveLength(1)
    expect(within(timeline).queryByText('Waiting for your payment')).not.toBeInTheDocument()
    expect(within(timeline).getByText('Payment method: Sandbox Bank UK')).toBeInTheDocument()
    expect(within(timeline).getByText('You told us the transfer is on its way')).toBeInTheDocument()
    expect(within(timeline).getByText('We received 1,250.00 EUR')).toBeInTheDocument()
    // The method chosen says it better than the words for the choice.
    expect(within(timeline).queryByText('You chose to pay by bank transfer')).not.toBeInTheDocument()
    expect(within(drawer).queryByText(/→/)).not.toBeInTheDocument()
    expect(within(drawer).getByText('You paid')).toBeInTheDocument()
    expect(within(drawer).getByText('You received')).toBeInTheDocument()
  })

  it('calls the amounts by what happened to the order, not "You paid" for every row', async () => {
    renderHistory()
    await screen.findByText('ORDER00012')
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent)
    expect(headers).toEqual(expect.arrayContaining(['Amount', 'Crypto']))
    expect(headers).not.toContain('You paid')
  })

  it('marks a paid order that waits for its wallet, with the way to add it', async () => {
    const waiting = orderSummary({ orderReference: 'WAIT234567', statusName: 'awaiting_checks' })
    const checks = orderSummary({
      orderReference: 'IDCK234567',
      statusName: 'awaiting_checks',
      orderWallet: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    })
    renderHistory({ getHistory: ok({ data: { orders: [waiting, checks], page: 1, pageSize: 10, total: 2 } }) })
    const add = await screen.findByRole('link', { name: 'Add your wallet for order WAIT234567' })
    expect(add).toHaveAttribute('href', '/dashboard-wallets?order=WAIT234567')
    expect(screen.getByRole('button', { name: 'Action needed: order IDCK234567' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Add your wallet for order IDCK234567' })).not.toBeInTheDocument()
  })

  it('cancels an open order and keeps it as the last active order', async () => {
    const user = userEvent.setup()
    startActiveOrder(activeOrderFrom(ORDERS[0]!))
    const { api } = renderHistory({ exchangeUpdateOrder: ok({ statusName: 'cancelled' }) })
    await screen.findByText('ORDER00012')
    expect(screen.getAllByRole('button', { name: /^Cancel order/ })).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Cancel order ORDER00012' }))
    expect(api.callsTo('exchangeUpdateOrder')).toEqual([])
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel order ORDER00012?' })).getByRole('button', {
        name: 'Yes, cancel the order',
      }),
    )
    expect(await screen.findByText('Order ORDER00012 cancelled')).toBeInTheDocument()
    expect(api.callsTo('exchangeUpdateOrder')[0]?.body).toEqual({
      orderReference: 'ORDER00012',
      statusName: 'cancelled',
      brandName: 'Helvex',
    })
    expect(getSessionState().activeOrder).toBeNull()
    expect(getSessionState().lastActiveOrder).toMatchObject({ orderReference: 'ORDER00012', statusName: 'cancelled' })
    await waitFor(() => expect(api.callsTo('getHistory').length).toBeGreaterThan(1))
  })

  it('offers the receipt of a completed order, and its delivery transaction on the explorer in the details', async () => {
    const user = userEvent.setup()
    const done = orderSummary({ orderReference: 'DONE234567', statusName: 'completed' })
    const txId = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060'
    renderHistory({
      getHistory: ok({ data: { orders: [done, ORDERS[1]], page: 1, pageSize: 10, total: 2 } }),
      getOrderDetail: orderDetailAnswer(done, [{}], {
        delivery: {
          txId,
          simulated: false,
          network: 'mainnet',
          deliveredAt: '2025-01-10T12:00:00.000Z',
          explorerUrl: `https://etherscan.io/tx/${txId}`,
        },
      }),
    })
    await screen.findByText('DONE234567')
    expect(within(rows()[0]!).getByRole('link', { name: 'Receipt of order DONE234567' })).toHaveAttribute(
      'href',
      '/dashboard-receipt?order=DONE234567',
    )
    expect(within(rows()[1]!).queryByRole('link', { name: /Receipt/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Details of order DONE234567' }))
    const drawer = await screen.findByRole('dialog', { name: 'Order DONE234567' })
    const sent = await within(drawer).findByRole('region', { name: 'Delivery transaction' })
    expect(within(sent).getByRole('link', { name: 'View on the block explorer' })).toHaveAttribute(
      'href',
      `https://etherscan.io/tx/${txId}`,
    )
    expect(within(drawer).getByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      '/dashboard-receipt?order=DONE234567',
    )
  })

  it('invites a customer without orders to buy', async () => {
    renderHistory({ getHistory: ok({ data: { orders: [], page: 1, pageSize: 10, total: 0 } }) })
    expect(await screen.findByText('No orders yet')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Buy crypto' }).at(-1)).toHaveAttribute('href', '/dashboard')
  })

  it('offers a late payment’s two choices alike, and sends the one chosen', async () => {
    const user = userEvent.setup()
    const expired = orderSummary({ orderReference: 'ORDER00010', statusName: 'expired' })
    const { api } = renderHistory({
      getOrderDetail: ok({
        data: {
          order: expired,
          events: [],
          latePayment: { amount: '1250.00', currency: 'eur', receivedAt: '2025-01-10T12:00:00.000Z' },
        },
      }),
      orderQuoteLatePayment: ok({
        data: {
          received: { amount: '1250.00', currency: 'eur', receivedAt: '2025-01-10T12:00:00.000Z' },
          buy: {
            fiatAmount: '1250.00',
            fee: '12.50',
            netFiat: '1237.50',
            cryptoAmount: '0.01231343',
            crypto: 'btc',
            rate: '100500.00',
            previousRate: '91350.00',
            excess: '0.00',
          },
          minimum: '25.00',
          refund: { amount: '1250.00', currency: 'eur', toAccountEnding: '2957' },
        },
      }),
      orderDecideLatePayment: ok({ statusName: 'refunded' }),
    })
    await screen.findByText('ORDER00012')
    await user.click(screen.getByRole('button', { name: 'Details of order ORDER00010' }))
    const drawer = await screen.findByRole('dialog', { name: 'Order ORDER00010' })
    await within(drawer).findByText('Your payment arrived after the price expired')
    expect(within(drawer).getByText(/We received 1,250.00 EUR/)).toBeInTheDocument()
    await within(drawer).findByText('1 BTC = 100,500.00 EUR')
    const reprice = within(drawer).getByRole('button', { name: "Buy at today's price" })
    const refund = within(drawer).getByRole('button', { name: 'Send my money back' })
    expect(reprice.className).toBe(refund.className)
    await user.click(refund)
    await waitFor(() =>
      expect(api.callsTo('orderDecideLatePayment')[0]?.body).toEqual({
        orderReference: 'ORDER00010',
        decision: 'refund',
        brandName: 'Helvex',
      }),
    )
  })
})
