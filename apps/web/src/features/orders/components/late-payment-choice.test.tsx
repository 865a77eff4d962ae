import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { LatePaymentChoice, PRICE_CHANGED_MESSAGE } from './late-payment-choice'

const LATE = { amount: '1250.00', currency: 'eur' as const, receivedAt: '2025-01-10T12:00:00.000Z' }

function quote(rate: string, cryptoAmount: string, extra: Record<string, unknown> = {}) {
  return ok({
    data: {
      received: LATE,
      buy: {
        fiatAmount: '1250.00',
        fee: '12.50',
        netFiat: '1237.50',
        cryptoAmount,
        crypto: 'btc',
        rate,
        previousRate: '91350.00',
        excess: '0.00',
        ...extra,
      },
      minimum: '25.00',
      refund: { amount: '1250.00', currency: 'eur', toAccountEnding: '2957' },
    },
  })
}

function renderChoice(handlers: ApiHandlers) {
  saveJwtCookie('token-1', 24)
  const api = mockApi(handlers)
  renderScreen(<LatePaymentChoice orderReference="ORDER00010" latePayment={LATE} />, { path: '/dashboard-history' })
  return api
}

describe('LatePaymentChoice', () => {
  it("previews today's price, the coins, the fee and the total before buying, and buys at the price shown", async () => {
    const user = userEvent.setup()
    const api = renderChoice({
      orderQuoteLatePayment: quote('100500.00', '0.01231343'),
      orderDecideLatePayment: ok({ statusName: 'completed' }),
    })
    const buy = await screen.findByRole('region', { name: "Buy at today's price" })
    expect(await within(buy).findByText('1 BTC = 100,500.00 EUR')).toBeInTheDocument()
    expect(within(buy).getByText('1 BTC = 91,350.00 EUR')).toBeInTheDocument()
    expect(within(buy).getByText('Total incl. fee').nextSibling).toHaveTextContent('1,250.00 EUR')
    expect(within(buy).getByText('Fee').nextSibling).toHaveTextContent('12.50 EUR')
    expect(within(buy).getByText('You receive').nextSibling).toHaveTextContent('0.01231343 BTC')
    const back = screen.getByRole('region', { name: 'Send my money back' })
    expect(within(back).getByText('You get back').nextSibling).toHaveTextContent('1,250.00 EUR')
    expect(within(back).getByText(/account ending 2957/)).toBeInTheDocument()
    expect(api.callsTo('orderQuoteLatePayment')[0]?.body).toEqual({ orderReference: 'ORDER00010', brandName: 'Helvex' })
    expect(api.callsTo('orderDecideLatePayment')).toEqual([])

    await user.click(within(buy).getByRole('button', { name: "Buy at today's price" }))
    await waitFor(() =>
      expect(api.callsTo('orderDecideLatePayment')[0]?.body).toEqual({
        orderReference: 'ORDER00010',
        decision: 'reprice',
        quotedRate: '100500.00',
        brandName: 'Helvex',
      }),
    )
  })

  it('says clearly when the price moved since the preview, and shows the new one', async () => {
    const user = userEvent.setup()
    let quotes = 0
    const api = renderChoice({
      orderQuoteLatePayment: () =>
        ++quotes === 1 ? quote('100500.00', '0.01231343') : quote('101000.00', '0.01225247'),
      orderDecideLatePayment: fail('price_changed'),
    })
    const buy = await screen.findByRole('region', { name: "Buy at today's price" })
    await within(buy).findByText('1 BTC = 100,500.00 EUR')
    await user.click(within(buy).getByRole('button', { name: "Buy at today's price" }))
    expect(await screen.findByRole('alert')).toHaveTextContent(PRICE_CHANGED_MESSAGE)
    expect(await within(buy).findByText('1 BTC = 101,000.00 EUR')).toBeInTheDocument()
    expect(within(buy).getByText('You receive').nextSibling).toHaveTextContent('0.01225247 BTC')
    expect(api.callsTo('orderQuoteLatePayment')).toHaveLength(2)
  })

  it('names the part above the maximum order that goes back', async () => {
    renderChoice({ orderQuoteLatePayment: quote('100500.00', '0.01231343', { excess: '300.00' }) })
    const buy = await screen.findByRole('region', { name: "Buy at today's price" })
    expect(await within(buy).findByText(/300.00 EUR above the maximum order goes back/)).toBeInTheDocument()
  })

  it('below the minimum there is nothing to buy; a price outage says so and can be tried again', async () => {
    const user = userEvent.setup()
    let quotes = 0
    renderChoice({
      orderQuoteLatePayment: () =>
        ++quotes === 1
          ? fail('rates_unavailable')
          : ok({
              data: {
                received: LATE,
                buy: null,
                minimum: '2000.00',
                refund: { amount: '1250.00', currency: 'eur', toAccountEnding: null },
              },
            }),
    })
    const buy = await screen.findByRole('region', { name: "Buy at today's price" })
    expect(await within(buy).findByRole('alert')).toHaveTextContent('Prices are out of date')
    expect(within(buy).getByRole('button', { name: "Buy at today's price" })).toBeDisabled()
    await user.click(within(buy).getByRole('button', { name: 'Try again' }))
    expect(await within(buy).findByText(/below the minimum order of 2,000.00 EUR/)).toBeInTheDocument()
    expect(within(buy).getByRole('button', { name: "Buy at today's price" })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Send my money back' })).toBeEnabled()
  })
})
