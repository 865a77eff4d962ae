import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, MOBILE, connectBrowser, newContext, screenshot, visible } from '../support/browser'
import { declareSourceOfFunds, fillDetails, signUpAndConfirm, waitForMails } from '../support/customer'

// The server runs with e2e/fixtures/trading.json: eur has one card provider, chf two, gbp one bank, usd two banks.
const baseUrl = inject('baseUrl')
const WALLET = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'
let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Chooses an option of one of the calculator's pickers. */
async function pick(page: Page, picker: string, option: string) {
  await page.getByRole('combobox', { name: picker }).click()
  await page.getByRole('option', { name: option }).click()
}

/** From the calculator: an amount in a fiat, optionally a wallet, then "Buy BTC"; lands on the method screen. */
async function startOrder(page: Page, { fiat = 'EUR – Euro', amount = '250', wallet = '' } = {}): Promise<string> {
  if (!page.url().endsWith('/dashboard')) await page.goto('/dashboard')
  await visible(page.getByText('Simulated prices (test environment)'))
  await pick(page, 'Currency you pay', fiat)
  await page.getByRole('textbox', { name: 'You pay' }).fill(amount)
  await page.getByRole('textbox', { name: 'Wallet address' }).fill(wallet)
  await page.getByRole('button', { name: 'Buy BTC' }).click()
  await page.waitForURL('**/dashboard-method')
  const summary = page.getByRole('region', { name: 'Your order' })
  await visible(summary.getByText('Reference'))
  const reference = await page.evaluate(
    () => (JSON.parse(window.localStorage.getItem('lastOrder') ?? '{}') as { orderReference?: string }).orderReference,
  )
  expect(reference).toMatch(/^[A-Z0-9]{10}$/)
  await visible(summary.getByText(reference ?? ''))
  return reference ?? ''
}

/** A focused field scrolls the page, and the fixed header would then sit mid-page in a full-page screenshot. */
async function screenshotFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, name)
}

describe('buy journeys', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`at ${viewport.width} px: the first order asks for the customer's details, then goes on to the virtual IBAN`, async () => {
      const context = await newContext(browser, baseUrl, viewport)
      const page = await context.newPage()
      const email = await signUpAndConfirm(page, baseUrl, `buy${viewport.width}`)
      await declareSourceOfFunds(page)
      await page.reload()

      await visible(page.getByText('Simulated prices (test environment)'))
      await visible(page.getByText('Price fixed for 15 minutes once you start the order'))
      await page.getByRole('textbox', { name: 'You pay' }).fill('1,250')
      await page.getByRole('textbox', { name: 'Wallet address' }).fill(WALLET)
      await expect.poll(() => page.getByRole('textbox', { name: 'You receive' }).inputValue()).toMatch(/^0\.\d{8}$/)
      await screenshotFromTop(page, `calculator-${viewport.width}`)

      await page.getByRole('button', { name: 'Buy BTC' }).click()
      await page.waitForURL('**/dashboard-method')
      await visible(page.getByRole('region', { name: 'Your order' }).getByText('1,250.00 EUR'))
      await visible(page.getByRole('button', { name: 'Card' }))
      await screenshotFromTop(page, `method-${viewport.width}`)

      await page.getByRole('button', { name: 'Card' }).click()
      await page.waitForURL(/\/dashboard-confirmdetails\?order=[A-Z0-9]+$/)
      await visible(page.getByRole('heading', { name: 'Confirm your details' }))
      await visible(page.getByRole('textbox', { name: 'First name' }))
      // The order being paid above the form, and where the customer is in the purchase.
      await visible(page.getByRole('region', { name: 'Your order' }).getByText('1,250.00 EUR'))
      await visible(
        page
          .getByRole('navigation', { name: 'Steps of your purchase' })
          .locator('[aria-current="step"]', { hasText: 'Details' }),
      )
      await screenshotFromTop(page, `confirm-details-${viewport.width}`)
      await page.getByRole('button', { name: 'Confirm and continue' }).click()
      await visible(page.getByText('First name is required'))
      await fillDetails(page)
      await screenshotFromTop(page, `details-${viewport.width}`)
      await page.getByRole('button', { name: 'Confirm and continue' }).click()
      await page.waitForURL(/\/dashboard-viban\?order=[A-Z0-9]+$/)
      await visible(page.getByRole('heading', { name: 'Pay by card' }))

      // The api mails the order as it is created.
      expect(await waitForMails(baseUrl, email, ['order_created'])).toContain('order_created')
      await context.close()
    })
  }

  it('routes each payment method the way the spec says', async () => {
    const context = await newContext(browser, baseUrl)
    const page = await context.newPage()
    await signUpAndConfirm(page, baseUrl, 'methods')
    await declareSourceOfFunds(page)
    await page.goto('/dashboard-details')
    await visible(page.getByRole('textbox', { name: 'First name' }))
    await fillDetails(page)
    await page.getByRole('button', { name: 'Save details' }).click()
    await visible(page.getByText('Details saved'))

    const journeys = [
      { fiat: 'EUR – Euro', method: 'Card', lands: '/dashboard-viban' },
      { fiat: 'CHF – Swiss franc', method: 'Card', lands: '/dashboard-choosecc' },
      { fiat: 'GBP – British pound', method: 'Bank transfer', lands: '/dashboard-wire' },
      { fiat: 'USD – US dollar', method: 'Bank transfer', lands: '/dashboard-choosebank' },
    ]
    for (const journey of journeys) {
      await startOrder(page, { fiat: journey.fiat, wallet: WALLET })
      await page.getByRole('button', { name: journey.method, exact: true }).click()
      await page.waitForURL((url) => url.pathname === journey.lands)
      expect(new URL(page.url()).pathname).toBe(journey.lands)
    }
    await context.close()
  })

  it('an order cancelled on the method screen shows as cancelled in the history, with its timeline', async () => {
    const context = await newContext(browser, baseUrl)
    const page = await context.newPage()
    await signUpAndConfirm(page, baseUrl, 'cancel')
    await declareSourceOfFunds(page)
    await startOrder(page)
    const cancelled = await startOrder(page, { amount: '300' })

    await page.getByRole('button', { name: 'Cancel order' }).click()
    await page.getByRole('button', { name: 'Yes, cancel the order' }).click()
    await page.waitForURL('**/dashboard')
    await visible(page.getByText(`Order ${cancelled} cancelled`))

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'History' }).click()
    await page.waitForURL('**/dashboard-history')
    const row = page.getByRole('row').filter({ hasText: cancelled })
    await visible(row.getByText('Cancelled'))
    await visible(page.getByRole('row').filter({ hasText: 'Started' }))
    await screenshot(page, 'history-1280')

    await row.getByRole('button', { name: `Details of order ${cancelled}` }).click()
    const drawer = page.getByRole('dialog', { name: `Order ${cancelled}` })
    await visible(drawer.getByText('You cancelled the order'))
    await visible(drawer.getByText('Order started, price fixed'))
    await screenshot(page, 'history-detail-1280')

    await page.keyboard.press('Escape')
    await page.setViewportSize(MOBILE)
    await visible(page.getByRole('list', { name: 'Orders' }).getByText(cancelled))
    await screenshotFromTop(page, 'history-375')
    await context.close()
  })
})
