import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type AppServer, BUYING_JOURNEYS_SKIP_STEPS, startAppServer } from '../support/app-server'
import {
  DESKTOP,
  MOBILE,
  connectBrowser,
  newContext,
  screenshot,
  screenshotAtBothWidths,
  visible,
} from '../support/browser'
import {
  PAYER_NAME,
  WALLET,
  declareSourceOfFunds,
  proveWallet,
  saveDetails,
  signUpAndConfirm,
  startOrder,
  verifyIdentity,
  waitForMails,
} from '../support/customer'
import { payOnSandboxCheckout, sendTransferNotice, transferDetail } from '../support/sandbox-parties'

// The server runs with e2e/fixtures/trading.json: eur has one card provider.
const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('recovering a payment (issue 12)', () => {
  it('"Cancel and go back" at the checkout keeps the order; another try on the same order pays it', async () => {
    const context = await newContext(browser, baseUrl, MOBILE)
    const page = await context.newPage()
    const email = await signUpAndConfirm(page, baseUrl, 'payrecover')
    await declareSourceOfFunds(page)
    await saveDetails(page)
    await verifyIdentity(page)
    await proveWallet(page)

    // Cancel order asks first; keeping it changes nothing.
    const reference = await startOrder(page, 'EUR – Euro', '150')
    await page.getByRole('button', { name: 'Cancel order' }).click()
    await visible(page.getByRole('dialog', { name: `Cancel order ${reference}?` }))
    await screenshotAtBothWidths(page, 'cancel-confirm')
    await page.getByRole('button', { name: 'Keep the order' }).click()

    // A card choice reads as one; the wallet and the live price hold are on the page.
    await page.getByRole('button', { name: 'Card', exact: true }).click()
    await page.waitForURL(/\/dashboard-viban\?order=[A-Z0-9]+$/)
    await visible(page.getByRole('heading', { name: 'Pay by card' }))
    await visible(page.getByText(/If yours arrives later, we buy at the price when it arrives/))
    await screenshotAtBothWidths(page, 'viban-card')
    await page.getByRole('button', { name: 'Pay by card' }).first().click()
    await page.waitForURL(/\/dashboard-startcc\?order=[A-Z0-9]+$/)
    const wallet = page.getByRole('region', { name: 'Destination wallet' })
    await visible(wallet.getByText(`${WALLET.slice(0, 8)}…${WALLET.slice(-6)}`))
    await visible(page.getByRole('timer').filter({ hasText: /^1[0-4]:\d\d left, until / }))
    await screenshotAtBothWidths(page, 'startcc-hold')

    await page.getByRole('button', { name: 'Pay 150.00 EUR by card' }).click()
    await page.waitForURL('**/sandbox/psp/checkout?session=*')
    await page.getByRole('button', { name: 'Cancel and go back' }).click()
    await page.waitForURL(/\/dashboard-sorry\?order=[A-Z0-9]+$/)
    await visible(page.getByText('You cancelled the card payment.'))
    await visible(page.getByRole('region', { name: 'Your order' }).getByText('Started', { exact: true }))
    await screenshotAtBothWidths(page, 'sorry-retry')

    await page.getByRole('link', { name: 'Try another card' }).click()
    await page.waitForURL(/\/dashboard-startcc\?order=[A-Z0-9]+$/)
    await page.getByRole('button', { name: 'Pay 150.00 EUR by card' }).click()
    await page.waitForURL('**/sandbox/psp/checkout?session=*')
    await payOnSandboxCheckout(page, '4242424242424242')
    await page.waitForURL(/\/dashboard-thankyou\?order=[A-Z0-9]+$/)
    await visible(page.getByRole('region', { name: 'Your order' }).getByText(reference))
    expect(await waitForMails(baseUrl, email, ['order_paid'])).toContain('order_failed')
    await context.close()
  })
})

/**
 * Moves time and prices, so on an app of its own (the shared app's other journeys run on its clock). Its prices only
 * move when the journey moves them: a preview and the purchase that follows see the same price.
 */
describe('after the price time (issue 12, defects 7b and 10)', () => {
  let app: AppServer
  beforeAll(async () => {
    app = await startAppServer({
      env: {
        JOURNEY_SKIP_STEPS: BUYING_JOURNEYS_SKIP_STEPS,
        RATES_REFRESH_SECONDS: '3600',
        RATES_MAX_AGE_SECONDS: '86400',
        ORDER_EXPIRY_SWEEP_SECONDS: '1',
      },
      logName: 'server-late-payment.log',
    })
    // Longer than the app's own start limit, so that a slow start fails with its log's name rather than a bare timeout.
  }, 150_000)
  afterAll(async () => {
    await app?.stop()
  })

  it('a card order past its price time offers a new price; a transfer that lands later and dearer waits for the customer, who sees the new price before buying, then a receipt', async () => {
    const context = await newContext(browser, app.baseUrl, DESKTOP)
    const page = await context.newPage()
    const moveClock = async (seconds: number) =>
      expect((await page.request.post('/test/clock/advance', { data: { seconds } })).ok()).toBe(true)
    const movePrices = async (bps: number) =>
      expect((await page.request.post('/test/rates/shift', { data: { bps } })).ok()).toBe(true)
    await signUpAndConfirm(page, app.baseUrl, 'paylate')
    await movePrices(0)
    await declareSourceOfFunds(page)
    await saveDetails(page)
    await verifyIdentity(page)
    await proveWallet(page)

    // A card order left open past its price time: the payment step gives way to a new price.
    await startOrder(page, 'EUR – Euro', '120')
    await page.getByRole('button', { name: 'Card', exact: true }).click()
    await page.waitForURL(/\/dashboard-viban\?order=[A-Z0-9]+$/)
    await page.getByRole('button', { name: 'Pay by card' }).first().click()
    await page.waitForURL(/\/dashboard-startcc\?order=[A-Z0-9]+$/)
    await moveClock(16 * 60)
    // The expiry job marks the order within a second or two of the server's time; the page shows it once loaded again.
    const ranOut = page.getByText('The price of this order ran out')
    await expect
      .poll(
        async () => {
          await page.reload()
          return visible(ranOut, 5_000).then(
            () => true,
            () => false,
          )
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true)
    await visible(page.getByRole('button', { name: 'Get a new price' }))
    await screenshotAtBothWidths(page, 'price-expired')

    // A manual bank transfer that lands after the price time, when the price rose 5 %: beyond the tolerance.
    const reference = await startOrder(page, 'GBP – British pound', '150')
    await page.getByRole('button', { name: 'Bank transfer', exact: true }).click()
    await page.waitForURL(/\/dashboard-wire\?order=[A-Z0-9]+$/)
    await page.getByRole('button', { name: 'Transfer manually' }).click()
    const iban = await transferDetail(page, 'IBAN')
    await moveClock(16 * 60)
    await movePrices(500)
    const outcome = await sendTransferNotice(page, {
      creditedIban: iban,
      amount: '150.00',
      currency: 'gbp',
      payerName: PAYER_NAME,
      payerIban: 'GB29NWBK60161331926819',
      paymentReference: reference,
    })
    expect(outcome).toBe('late_awaiting_consent')

    // History says a decision waits; the order shows both answers priced before either is chosen.
    await page.goto('/dashboard-history')
    await visible(page.getByRole('row').filter({ hasText: reference }).getByText('Your decision needed'))
    await screenshotAtBothWidths(page, 'history-decision-needed')
    await page.getByRole('button', { name: `Details of order ${reference}` }).click()
    const drawer = page.getByRole('dialog', { name: `Order ${reference}` })
    const buy = drawer.getByRole('region', { name: "Buy at today's price" })
    await visible(buy.getByText('Total incl. fee'))
    await visible(buy.getByText('150.00 GBP'))
    await visible(buy.getByText(/^0\.\d{8} BTC$/))
    await visible(
      drawer
        .getByRole('region', { name: 'Send my money back' })
        .getByText('To the account ending 6819', { exact: false }),
    )
    const coins = (await buy.getByText(/^0\.\d{8} BTC$/).innerText()).trim()
    await buy.scrollIntoViewIfNeeded()
    await screenshotAtBothWidths(page, 'late-payment-preview')

    await buy.getByRole('button', { name: "Buy at today's price" }).click()
    await visible(drawer.getByText("You chose to buy at today's price", { exact: false }), 30_000)
    await visible(drawer.getByText('Coins sent'), 30_000)
    await visible(drawer.getByText(coins).first())
    const sent = drawer.getByRole('region', { name: 'Delivery transaction' })
    await visible(sent.getByText('Simulated transaction (test environment)'))
    await sent.scrollIntoViewIfNeeded()
    await screenshotAtBothWidths(page, 'history-simulated-transaction')

    // The receipt of the completed order, printable.
    await drawer.getByRole('link', { name: 'View receipt' }).click()
    await page.waitForURL(`**/dashboard-receipt?order=${reference}`)
    const receipt = page.getByRole('article', { name: 'Receipt' })
    await visible(receipt.getByText(PAYER_NAME))
    await visible(receipt.getByText(coins))
    await visible(receipt.getByText('Simulated transaction (test environment)'))
    await screenshotAtBothWidths(page, 'receipt')
    await page.emulateMedia({ media: 'print' })
    await visible(receipt)
    expect(await page.getByRole('button', { name: 'Print or save as PDF' }).isVisible()).toBe(false)
    await screenshot(page, 'receipt-print-1280')
    await page.emulateMedia({ media: 'screen' })

    // Another customer cannot see it.
    const other = await newContext(browser, app.baseUrl, MOBILE)
    const stranger = await other.newPage()
    await signUpAndConfirm(stranger, app.baseUrl, 'paylate-other')
    await stranger.goto(`/dashboard-receipt?order=${reference}`)
    await visible(stranger.getByText('We could not find this order.'))
    expect(await stranger.getByRole('article', { name: 'Receipt' }).count()).toBe(0)
    await other.close()
    await context.close()
  })
})
