import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { getCurrentOrder, saveCurrentOrder } from '../../../lib/current-order'
import { getSessionState } from '../../../lib/session-state'
import { resolveLocale, setActiveLocale } from '../../../lib/i18n/locale'
import { ratesAnswer, ratesData } from '../../../test/fixtures'
import { fail, mockApi, ok, type ApiHandlers } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { BuyCalculator, type SavedWallet } from './buy-calculator'

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

function renderCalculator(handlers: ApiHandlers = {}, savedWallets: SavedWallet[] = []) {
  saveJwtCookie('token-1', 24)
  const api = mockApi({ getHpRates: ratesAnswer(), ...handlers })
  const view = renderScreen(<BuyCalculator savedWallets={savedWallets} />, { path: '/dashboard' })
  return { api, ...view }
}

const youPay = () => screen.getByRole('textbox', { name: 'You pay' })
const youReceive = () => screen.getByRole('textbox', { name: 'You receive' })
const buyButton = () => screen.getByRole('button', { name: 'Buy BTC' })

/** The prices have arrived: the rate line, in the numbers of the locale in force (English unless a test sets one). */
async function pricesShown(rate = '1 BTC = 91,350.00 EUR') {
  await screen.findByText(rate)
}

/** Types into an amount field from empty: a first visit prefills the amount. */
async function retype(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field)
  await user.type(field, text)
}

/** The browser's preferred language, which decides the locale amounts are shown in and read as (decision 130). */
function browserLanguage(language: string) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue([language])
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language)
  setActiveLocale(resolveLocale())
}

/** The apostrophe Swiss numbers are grouped with: ’ or ', as the ICU in use has it (its versions differ). */
const CH = new Intl.NumberFormat('de-CH').formatToParts(1000).find((part) => part.type === 'group')?.value ?? '’'
/** French numbers are grouped with a narrow no-break space. */
const FR = '\u202f'

describe('BuyCalculator', () => {
  it('computes what a fiat amount buys, to the coin’s last decimal', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await pricesShown()
    await retype(user, youPay(), '250')
    expect(youReceive()).toHaveValue('0.00270935')
    expect(screen.getByText('2.50 EUR (1.00 %)')).toBeInTheDocument()
  })

  it('computes the fiat, fee included, that buys a crypto amount', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await pricesShown()
    await retype(user, youReceive(), '0.01')
    expect(youPay()).toHaveValue('922.73')
    expect(screen.getByText('9.23 EUR (1.00 %)')).toBeInTheDocument()
  })

  it('accepts thousands commas in the amount', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await pricesShown()
    await retype(user, youPay(), '1,250')
    expect(youReceive()).toHaveValue('0.01354679')
    expect(youPay()).toHaveValue('1,250')
  })

  it('prices the chosen pair', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await pricesShown()
    await user.click(screen.getByRole('combobox', { name: 'Currency you pay' }))
    await user.click(await screen.findByRole('option', { name: 'CHF – Swiss franc' }))
    await retype(user, youPay(), '1250')
    expect(youReceive()).toHaveValue('0.01451442')
    expect(screen.getByText('1 BTC = 85,260.00 CHF')).toBeInTheDocument()
  })

  it('shows the customer rate, the market price, the spread, the fee and how long the price holds', async () => {
    renderCalculator()
    await pricesShown()
    expect(screen.getByText('1 BTC = 90,000.00 EUR')).toBeInTheDocument()
    expect(screen.getByText('1.50 %')).toBeInTheDocument()
    expect(screen.getByText('1.00 EUR (1.00 %)')).toBeInTheDocument()
    expect(screen.getByText('Price fixed for 15 minutes once you start the order')).toBeInTheDocument()
    expect(screen.getByText(/Prices updated 2 s ago/)).toBeInTheDocument()
  })

  it('starts a first visit from 100 of the fiat, with its price and the total fee included', async () => {
    renderCalculator()
    await pricesShown()
    expect(youPay()).toHaveValue('100')
    expect(youReceive()).toHaveValue('0.00108374')
    expect(screen.getByText('You pay 100.00 EUR, fee included')).toBeInTheDocument()
    const details = screen.getByRole('region', { name: 'Price details' })
    expect(within(details).getByText('Total incl. fee')).toBeInTheDocument()
    expect(within(details).getByText('100.00 EUR')).toBeInTheDocument()
  })

  it('keeps the amount of an earlier visit rather than the first-visit amount', async () => {
    saveCurrentOrder({ fiatCur: 'chf', orderAmount: null })
    renderCalculator()
    await screen.findByText('1 BTC = 85,260.00 CHF')
    expect(youPay()).toHaveValue('')
  })

  it('marks simulated prices as a test environment', async () => {
    renderCalculator()
    expect(await screen.findByText('Simulated prices (test environment)')).toBeInTheDocument()
  })

  it('says the minimum amount of the fiat below it', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await pricesShown()
    await retype(user, youPay(), '24.99')
    expect(screen.getByText('Minimum amount is 25.00 EUR')).toBeInTheDocument()
  })

  it('says the maximum amount of the fiat above it, with thousands commas', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await pricesShown()
    await retype(user, youPay(), '15000.01')
    expect(screen.getByText('Maximum amount is 15,000.00 EUR')).toBeInTheDocument()
  })

  it('refuses more than two decimals of fiat', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await pricesShown()
    await retype(user, youPay(), '0.123')
    expect(screen.getByText('Amount must be a number with at most two decimals')).toBeInTheDocument()
    // "100.123" could be a thousands point as well: that is the ambiguous case, below.
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
    await retype(user, youPay(), '1,250')
    mid = '84000.00'
    rate = '85260.0000'
    await queryClient.refetchQueries({ queryKey: ['rates'] })
    await screen.findByText('1 BTC = 85,260.00 EUR')
    expect(youPay()).toHaveValue('1,250')
    expect(youReceive()).toHaveValue('0.01451442')
  })

  describe('which amount is fixed', () => {
    /** Prices whose bitcoin rate the test moves, and a way to make the calculator ask for them again. */
    function movingPrices() {
      let price = { mid: '90000.00', rate: '91350.0000' }
      const view = renderCalculator({
        getHpRates: () => {
          const data = ratesData()
          const eur = data.data[0]!
          eur.data[0] = { ...eur.data[0]!, ...price }
          return ok({ data })
        },
      })
      return {
        ...view,
        async moveTo(next: { mid: string; rate: string }, shown: string) {
          price = next
          await view.queryClient.refetchQueries({ queryKey: ['rates'] })
          await screen.findByText(shown)
        },
      }
    }

    it('tabbing through "You receive" leaves the amount typed in "You pay" fixed when the prices move', async () => {
      const user = userEvent.setup()
      const prices = movingPrices()
      await pricesShown()
      await retype(user, youPay(), '1,250')
      await user.tab()
      await user.tab()
      expect(youReceive()).toHaveFocus()
      await user.tab()
      await prices.moveTo({ mid: '84000.00', rate: '85260.0000' }, '1 BTC = 85,260.00 EUR')
      expect(youPay()).toHaveValue('1,250')
      expect(youReceive()).toHaveValue('0.01451442')
    })

    it('clicking into "You receive" and out again does not fix the coin amount', async () => {
      const user = userEvent.setup()
      const prices = movingPrices()
      await pricesShown()
      await retype(user, youPay(), '250')
      await user.click(youReceive())
      await user.click(youPay())
      await prices.moveTo({ mid: '84000.00', rate: '85260.0000' }, '1 BTC = 85,260.00 EUR')
      expect(youPay()).toHaveValue('250')
      expect(screen.getByText('You pay 250.00 EUR, fee included')).toBeInTheDocument()
    })

    it('a coin amount typed stays fixed, and the amount paid follows the prices', async () => {
      const user = userEvent.setup()
      const prices = movingPrices()
      await pricesShown()
      await retype(user, youReceive(), '0.01')
      await user.tab()
      await prices.moveTo({ mid: '84000.00', rate: '85260.0000' }, '1 BTC = 85,260.00 EUR')
      expect(youReceive()).toHaveValue('0.01')
      expect(youPay()).toHaveValue('861.22')
    })

    async function chooseCoin(user: ReturnType<typeof userEvent.setup>, name: string) {
      await user.click(screen.getByRole('combobox', { name: 'Coin you receive' }))
      await user.click(await screen.findByRole('option', { name }))
    }

    it('changing the coin keeps the amount typed in "You pay", also after tabbing through "You receive"', async () => {
      const user = userEvent.setup()
      renderCalculator()
      await pricesShown()
      await retype(user, youPay(), '250')
      await user.tab()
      await user.tab()
      await user.tab()
      await chooseCoin(user, 'ETH – Ethereum')
      expect(youPay()).toHaveValue('250')
      expect(youReceive()).toHaveValue('0.07620073')
    })

    it('changing the coin after typing a coin amount keeps what it came to as the amount paid', async () => {
      const user = userEvent.setup()
      renderCalculator()
      await pricesShown()
      await retype(user, youReceive(), '0.01')
      await chooseCoin(user, 'ETH – Ethereum')
      expect(youPay()).toHaveValue('922.73')
      expect(youReceive()).toHaveValue('0.28125000')
    })

    it('keeps a German amount as typed through tabbing and a coin change', async () => {
      browserLanguage('de-DE')
      const user = userEvent.setup()
      renderCalculator()
      await pricesShown('1 BTC = 91.350,00 EUR')
      await retype(user, youPay(), '1.250,50')
      await user.tab()
      await user.tab()
      await user.tab()
      await chooseCoin(user, 'ETH – Ethereum')
      expect(youPay()).toHaveValue('1.250,50')
      expect(screen.getByText('You pay 1.250,50 EUR, fee included')).toBeInTheDocument()
    })
  })

  it('keeps the order being typed as lastOrder and the prices as ratesArray', async () => {
    const user = userEvent.setup()
    renderCalculator()
    await pricesShown()
    await retype(user, youPay(), '1,250')
    expect(JSON.parse(window.localStorage.getItem('lastOrder') ?? '{}')).toMatchObject({
      fiatCur: 'eur',
      cryptoCur: 'btc',
      orderType: 'buy',
      orderAmount: '1,250',
      orderValue: '0.01354679',
    })
    expect(getSessionState().ratesArray).toEqual(ratesData().data)
  })

  it('starts the order with the amount as a plain decimal, then shows the payment methods', async () => {
    const user = userEvent.setup()
    const { api, router } = renderCalculator({ orderInitiateBuy: initiated })
    await pricesShown()
    await retype(user, youPay(), ' 1,250 ')
    await user.type(screen.getByRole('textbox', { name: 'Wallet address' }), VALID_BTC_WALLET)
    await user.click(buyButton())
    await screen.findByText('Page /dashboard-method')
    expect(router.state.location.pathname).toBe('/dashboard-method')
    expect(api.callsTo('orderInitiateBuy')[0]?.body).toEqual({
      amount: '1250.00',
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

  it('offers the saved wallets of the chosen coin, and a click fills the address', async () => {
    const user = userEvent.setup()
    const ETH = '0x52908400098527886E0F7030069857D2E4169EE7'
    const { api } = renderCalculator({ orderInitiateBuy: initiated }, [
      { crypto: 'btc', address: VALID_BTC_WALLET },
      { crypto: 'eth', address: ETH },
    ])
    await pricesShown()
    const saved = screen.getByRole('group', { name: 'Your saved BTC wallets' })
    expect(within(saved).getAllByRole('button')).toHaveLength(1)
    expect(
      within(saved).queryByRole('button', { name: new RegExp(`^Use saved wallet .+ \\(${ETH}\\)$`) }),
    ).not.toBeInTheDocument()
    await user.click(
      within(saved).getByRole('button', { name: new RegExp(`^Use saved wallet .+ \\(${VALID_BTC_WALLET}\\)$`) }),
    )
    expect(screen.getByRole('textbox', { name: 'Wallet address' })).toHaveValue(VALID_BTC_WALLET)
    await user.click(buyButton())
    await screen.findByText('Page /dashboard-method')
    expect(api.callsTo('orderInitiateBuy')[0]?.body).toMatchObject({ wallet: VALID_BTC_WALLET })
  })

  it('starts an order without a wallet, which is then the placeholder wallet', async () => {
    const user = userEvent.setup()
    const { api } = renderCalculator({ orderInitiateBuy: initiated })
    await pricesShown()
    await retype(user, youPay(), '1250')
    await user.click(buyButton())
    await screen.findByText('Page /dashboard-method')
    expect(api.callsTo('orderInitiateBuy')[0]?.body).toMatchObject({ wallet: '' })
    expect(getSessionState().activeOrder?.orderWallet).toBe('NO_WALLET_PROVIDED')
  })

  it('asks for an amount before starting', async () => {
    const user = userEvent.setup()
    const { api } = renderCalculator({ orderInitiateBuy: initiated })
    await pricesShown()
    await user.clear(youPay())
    await user.click(buyButton())
    expect(screen.getByText('Amount is required')).toBeInTheDocument()
    expect(api.callsTo('orderInitiateBuy')).toHaveLength(0)
  })

  it('shows the wallet message when the api refuses the wallet', async () => {
    const user = userEvent.setup()
    renderCalculator({ orderInitiateBuy: fail('wallet_invalid') })
    await pricesShown()
    await retype(user, youPay(), '1250')
    await user.click(buyButton())
    expect(await screen.findByText('Please enter a valid BTC wallet address')).toBeInTheDocument()
  })

  it('shows the limit message when the api refuses the amount', async () => {
    const user = userEvent.setup()
    renderCalculator({ orderInitiateBuy: fail('amount_below_minimum') })
    await pricesShown()
    await retype(user, youPay(), '1250')
    await user.click(buyButton())
    expect(await screen.findByText('Minimum amount is 25.00 EUR')).toBeInTheDocument()
  })

  it('shows the out-of-date message when the api has no fresh price', async () => {
    const user = userEvent.setup()
    renderCalculator({ orderInitiateBuy: fail('rates_unavailable') })
    await pricesShown()
    await retype(user, youPay(), '1250')
    await user.click(buyButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Prices are out of date. Please wait a moment before buying.',
    )
  })

  it('says something went wrong for any other refusal', async () => {
    const user = userEvent.setup()
    const { router } = renderCalculator({ orderInitiateBuy: fail('internal_error', 500) })
    await pricesShown()
    await retype(user, youPay(), '1250')
    await user.click(buyButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong, Please try again')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(getCurrentOrder().orderReference).toBeNull()
  })

  describe('reads amounts as the customer writes them, and shows them so (decisions 046 and 130)', () => {
    it.each([
      ['de-DE', '100,50', '100,50 EUR', '100.50'],
      ['de-DE', '1.000,50', '1.000,50 EUR', '1000.50'],
      ['de-CH', "1'000.50", `1${CH}000.50 EUR`, '1000.50'],
      ['fr-FR', '1 000,50', `1${FR}000,50 EUR`, '1000.50'],
      ['en-GB', '1,000.50', '1,000.50 EUR', '1000.50'],
      ['en-GB', '1,000', '1,000.00 EUR', '1000.00'],
      ['de-DE', '1.000', '1.000,00 EUR', '1000.00'],
      ['en-GB', '100,50', '100.50 EUR', '100.50'],
      ['de-CH', '250.–', '250.00 EUR', '250.00'],
      ['de-DE', '1.250,-', '1.250,00 EUR', '1250.00'],
    ])('in %s, %j is %s, and the api gets %s', async (language, typed, understood, sent) => {
      browserLanguage(language)
      const user = userEvent.setup()
      const { api } = renderCalculator({ orderInitiateBuy: initiated })
      await screen.findByText('Simulated prices (test environment)')
      await screen.findAllByText(/^1 BTC = /)
      await retype(user, youPay(), typed)
      // The page's text is matched with its spaces made plain (French groups with a narrow no-break space).
      expect(screen.getByText(`You pay ${understood.replaceAll(FR, ' ')}, fee included`)).toBeInTheDocument()
      await user.click(buyButton())
      await screen.findByText('Page /dashboard-method')
      expect(api.callsTo('orderInitiateBuy')[0]?.body).toMatchObject({ amount: sent })
    })

    it('shows the prices, the fee and the limits in the locale in force', async () => {
      browserLanguage('de-CH')
      renderCalculator()
      await pricesShown(`1 BTC = 91${CH}350.00 EUR`)
      const details = screen.getByRole('region', { name: 'Price details' })
      expect(within(details).getByText(`1 BTC = 90${CH}000.00 EUR`)).toBeInTheDocument()
      expect(within(details).getByText('1.00 EUR (1.00 %)')).toBeInTheDocument()
      expect(within(details).getByText(`25.00 – 15${CH}000.00 EUR`)).toBeInTheDocument()
      expect(youReceive()).toHaveValue('0.00108374')
    })

    it.each([
      ['en-GB', '1.000', '1000.50'],
      ['de-CH', '1,000', '1000.50'],
      ['de-CH', '1.000', '1000.50'],
      ['de-DE', '1,000', '1000,50'],
      ['fr-CH', '1.000', '1000,50'],
    ])(
      'in %s, refuses %j, which the locale does not settle for a fiat amount, and says how to type it',
      async (language, typed, example) => {
        browserLanguage(language)
        const user = userEvent.setup()
        const { api } = renderCalculator({ orderInitiateBuy: initiated })
        await screen.findAllByText(/^1 BTC = /)
        await retype(user, youPay(), typed)
        expect(
          screen.getByText(
            `We cannot tell whether "${typed}" has a decimal or a thousands separator. Please type the amount without a thousands separator, e.g. ${example}`,
          ),
        ).toBeInTheDocument()
        expect(youReceive()).toHaveValue('')
        await user.click(buyButton())
        expect(api.callsTo('orderInitiateBuy')).toHaveLength(0)
      },
    )

    it('reads a decimal comma in the coin amount too, and writes the amount paid in German', async () => {
      browserLanguage('de-DE')
      const user = userEvent.setup()
      renderCalculator()
      await pricesShown('1 BTC = 91.350,00 EUR')
      await retype(user, youReceive(), '0,01')
      expect(youPay()).toHaveValue('922,73')
    })

    it('reads "1.000" of a coin in de-CH as the locale writes it: one, with three decimals', async () => {
      browserLanguage('de-CH')
      const user = userEvent.setup()
      renderCalculator()
      await pricesShown(`1 BTC = 91${CH}350.00 EUR`)
      await retype(user, youReceive(), '1.000')
      expect(youPay()).toHaveValue(`92${CH}272.73`)
    })
  })

  describe('the currency and coin dropdowns', () => {
    it.each(['Currency you pay', 'Coin you receive'])('Enter on %s never starts an order', async (name) => {
      const user = userEvent.setup()
      const { api } = renderCalculator({ orderInitiateBuy: initiated })
      await pricesShown()
      await retype(user, youPay(), '250')
      const select = screen.getByRole('combobox', { name })
      await user.click(select)
      await user.keyboard('{Escape}')
      await user.keyboard('{Enter}')
      await user.keyboard('{Enter}')
      await waitFor(() => expect(select).toHaveFocus())
      expect(api.callsTo('orderInitiateBuy')).toHaveLength(0)
      expect(screen.queryByText('Page /dashboard-method')).not.toBeInTheDocument()
    })

    it('choosing a coin by typing replaces the text, and Enter picks the match without starting an order', async () => {
      const user = userEvent.setup()
      const { api } = renderCalculator({ orderInitiateBuy: initiated })
      await pricesShown()
      await retype(user, youPay(), '250')
      const coin = screen.getByRole('combobox', { name: 'Coin you receive' })
      await user.click(coin)
      await user.keyboard('usdt')
      expect(coin).toHaveValue('usdt')
      await user.keyboard('{Enter}')
      expect(coin).toHaveValue('USDT – Tether')
      expect(screen.getByRole('button', { name: 'Buy USDT' })).toBeInTheDocument()
      expect(api.callsTo('orderInitiateBuy')).toHaveLength(0)
    })

    it('Escape leaves the chosen coin as it was, without what was typed', async () => {
      const user = userEvent.setup()
      renderCalculator()
      await pricesShown()
      const coin = screen.getByRole('combobox', { name: 'Coin you receive' })
      await user.click(coin)
      await user.keyboard('usdt')
      await user.keyboard('{Escape}')
      expect(coin).toHaveValue('BTC – Bitcoin')
      expect(buyButton()).toBeInTheDocument()
    })
  })
})
