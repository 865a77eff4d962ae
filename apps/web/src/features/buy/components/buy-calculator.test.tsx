import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { getCurrentOrder } from '../../../lib/current-order'
import { getSessionState } from '../../../lib/session-state'
import { ratesAnswer, ratesData } from '../../../test/fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { BuyCalculator } from './buy-calculator'

const VALID_BTC_WALLET = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'
/** The same address with its last character changed: the checksum no longer matches. */
const MISTYPED_BTC_WALLET = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'

const initiated = ok({
  data: {
    reference: 'ABCD234567',
    tranId: 'TX20250101120000',
    fiatAmount: '1250.00',
    cryptoAmount: '0.01354679',
    price: { mid: '90000.00', spreadBps: 150, feeBps: 100, rate: '91350.0000', fee: '12.50', netFiat: '1237.50' },
    priceExpiresAt: '2025-01-01T12:15:00.000Z',
  },
})

function renderCalculator(handlers: ApiHandlers = {}) {
  saveJwtCookie('token-1', 24)
  const api = mockApi({ getHpRates: ratesAnswer(), ...handlers })
  const view = renderScreen(<BuyCalculator />, { path: '/dashboard' })
  return { api, ...view }
}

const youPay = () => screen.getByRole('textbox', { name: 'You pay' })
const youReceive = () => screen.getByRole('textbox', { name: 'You receive' })
const buyButton = () => screen.getByRole('button', { name: 'Buy BTC' })

async function pricesShown() {
  await screen.findByText('1 BTC = 91,350.00 EUR')
}

describe('BuyCalculator', () => {
  it('computes what a fiat amount buys, to the coin’s last decimal', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await pricesShown()
    await user.type(youPay(), '250')
    expect(youReceive()).toHaveValue('0.00270935')
    expect(screen.getByText('2.50 EUR (1.00 %)')).toBeInTheDocument()
  })

  it('computes the fiat, fee included, that buys a crypto amount', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await pricesShown()
    await user.type(youReceive(), '0.01')
    expect(youPay()).toHaveValue('922.73')
    expect(screen.getByText('9.23 EUR (1.00 %)')).toBeInTheDocument()
  })

  it('accepts thousands commas in the amount', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await pricesShown()
    await user.type(youPay(), '1,250')
    expect(youReceive()).toHaveValue('0.01354679')
    expect(youPay()).toHaveValue('1,250')
  })

  it('prices the chosen pair', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await pricesShown()
    await user.click(screen.getByRole('combobox', { name: 'Currency you pay' }))
    await user.click(await screen.findByRole('option', { name: 'CHF – Swiss franc' }))
    await user.type(youPay(), '1250')
    expect(youReceive()).toHaveValue('0.01451442')
    expect(screen.getByText('1 BTC = 85,260.00 CHF')).toBeInTheDocument()
  })

  it('shows the customer rate, the market price, the spread, the fee and how long the price holds', async () => {
    renderCalculator()
    await pricesShown()
    expect(screen.getByText('1 BTC = 90,000.00 EUR')).toBeInTheDocument()
    expect(screen.getByText('1.50 %')).toBeInTheDocument()
    expect(screen.getByText('1.00 %')).toBeInTheDocument()
    expect(screen.getByText('Price fixed for 15 minutes once you start the order')).toBeInTheDocument()
    expect(screen.getByText(/Prices updated 2 s ago/)).toBeInTheDocument()
  })

  it('marks simulated prices as a test environment', async () => {
    renderCalculator()
    expect(await screen.findByText('Simulated prices (test environment)')).toBeInTheDocument()
  })

  it('says the minimum amount of the fiat below it', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await pricesShown()
    await user.type(youPay(), '24.99')
    expect(screen.getByText('Minimum amount is 25.00 EUR')).toBeInTheDocument()
  })

  it('says the maximum amount of the fiat above it, with thousands commas', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await pricesShown()
    await user.type(youPay(), '15000.01')
    expect(screen.getByText('Maximum amount is 15,000.00 EUR')).toBeInTheDocument()
  })

  it('refuses more than two decimals of fiat', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await pricesShown()
    await user.type(youPay(), '100.123')
    expect(screen.getByText('Amount must be a number with at most two decimals')).toBeInTheDocument()
  })

  it('checks the wallet address as it is typed', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await pricesShown()
    await user.type(screen.getByRole('textbox', { name: 'Wallet address' }), MISTYPED_BTC_WALLET)
    expect(screen.getByText('Please enter a valid BTC wallet address')).toBeInTheDocument()
    await user.clear(screen.getByRole('textbox', { name: 'Wallet address' }))
    await user.type(screen.getByRole('textbox', { name: 'Wallet address' }), VALID_BTC_WALLET)
    expect(screen.queryByText('Please enter a valid BTC wallet address')).not.toBeInTheDocument()
  })

  it('disables buying while the prices are out of date', async () => {
    renderCalculator({ getHpRates: ratesAnswer({ stale: true }) })
    expect(await screen.findByText('Prices are out of date. Please wait a moment before buying.')).toBeInTheDocument()
    expect(buyButton()).toBeDisabled()
  })

  it('keeps what the customer typed when the prices refresh', async () => {
    const user = userEvent.setup()
    let mid = '90000.00'
    let rate = '91350.0000'
    const { queryClient } = renderCalculator({
      getHpRates: () => {
        const data = ratesData()
        const eur = data.data[0]!
        eur.data[0] = { ...eur.data[0]!, mid, rate }
        return ok({ data })
      },
    })
    await pricesShown()
    await user.type(youPay(), '1,250')
    mid = '84000.00'
    rate = '85260.0000'
    await queryClient.refetchQueries({ queryKey: ['rates'] })
    await screen.findByText('1 BTC = 85,260.00 EUR')
    expect(youPay()).toHaveValue('1,250')
    expect(youReceive()).toHaveValue('0.01451442')
  })

  it('keeps the order being typed as lastOrder and the prices as ratesArray', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await pricesShown()
    await user.type(youPay(), '1,250')
    expect(JSON.parse(window.localStorage.getItem('lastOrder') ?? '{}')).toMatchObject({
      fiatCur: 'eur',
      cryptoCur: 'btc',
      orderType: 'buy',
      orderAmount: '1,250',
      orderValue: '0.01354679',
    })
    expect(getSessionState().ratesArray).toEqual(ratesData().data)
  })

  it('starts the order with the amount without commas, then shows the payment methods', async () => {
    const user = userEvent.setup()
    const { api, router } = renderCalculator({ orderInitiateBuy: initiated })
    await pricesShown()
    await user.type(youPay(), ' 1,250 ')
    await user.type(screen.getByRole('textbox', { name: 'Wallet address' }), VALID_BTC_WALLET)
    await user.click(buyButton())
    await screen.findByText('Page /dashboard-method')
    expect(router.state.location.pathname).toBe('/dashboard-method')
    expect(api.callsTo('orderInitiateBuy')[0]?.body).toEqual({
      amount: '1250',
      assetId: 'btc_eur',
      wallet: VALID_BTC_WALLET,
      brandName: 'Helvex',
    })
    expect(api.callsTo('orderInitiateBuy')[0]?.headers.authorization).toBe('Bearer token-1')
    expect(JSON.parse(window.localStorage.getItem('lastOrder') ?? '{}')).toMatchObject({
      orderReference: 'ABCD234567',
      tranId: 'TX20250101120000',
      orderWallet: VALID_BTC_WALLET,
    })
    expect(getSessionState()).toMatchObject({
      lastScreen: '/dashboard-method',
      activeOrder: {
        orderReference: 'ABCD234567',
        tranId: 'TX20250101120000',
        statusName: 'initiated',
        fiatCur: 'eur',
        cryptoCur: 'btc',
        orderAmount: '1,250.00',
        orderWallet: VALID_BTC_WALLET,
        azToken: 'DIRECT',
      },
    })
  })

  it('starts an order without a wallet, which is then the placeholder wallet', async () => {
    const user = userEvent.setup()
    const { api } = renderCalculator({ orderInitiateBuy: initiated })
    await pricesShown()
    await user.type(youPay(), '1250')
    await user.click(buyButton())
    await screen.findByText('Page /dashboard-method')
    expect(api.callsTo('orderInitiateBuy')[0]?.body).toMatchObject({ wallet: '' })
    expect(getSessionState().activeOrder?.orderWallet).toBe('NO_WALLET_PROVIDED')
  })

  it('asks for an amount before starting', async () => {
    const user = userEvent.setup()
    const { api } = renderCalculator({ orderInitiateBuy: initiated })
    await pricesShown()
    await user.click(buyButton())
    expect(screen.getByText('Amount is required')).toBeInTheDocument()
    expect(api.callsTo('orderInitiateBuy')).toHaveLength(0)
  })

  it('shows the wallet message when the api refuses the wallet', async () => {
    const user = userEvent.setup()
    renderCalculator({ orderInitiateBuy: fail('wallet_invalid') })
    await pricesShown()
    await user.type(youPay(), '1250')
    await user.click(buyButton())
    expect(await screen.findByText('Please enter a valid BTC wallet address')).toBeInTheDocument()
  })

  it('shows the limit message when the api refuses the amount', async () => {
    const user = userEvent.setup()
    renderCalculator({ orderInitiateBuy: fail('amount_below_minimum') })
    await pricesShown()
    await user.type(youPay(), '1250')
    await user.click(buyButton())
    expect(await screen.findByText('Minimum amount is 25.00 EUR')).toBeInTheDocument()
  })

  it('shows the out-of-date message when the api has no fresh price', async () => {
    const user = userEvent.setup()
    renderCalculator({ orderInitiateBuy: fail('rates_unavailable') })
    await pricesShown()
    await user.type(youPay(), '1250')
    await user.click(buyButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Prices are out of date. Please wait a moment before buying.',
    )
  })

  it('says something went wrong for any other refusal', async () => {
    const user = userEvent.setup()
    const { router } = renderCalculator({ orderInitiateBuy: fail('internal_error', 500) })
    await pricesShown()
    await user.type(youPay(), '1250')
    await user.click(buyButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong, Please try again')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(getCurrentOrder().orderReference).toBeNull()
  })
})
