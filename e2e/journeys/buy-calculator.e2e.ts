import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, connectBrowser, screenshotAtBothWidths, visible } from '../support/browser'
import { WALLET, declareSourceOfFunds, proveWallet, signUpAndConfirm } from '../support/customer'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('the buy calculator', () => {
  it('reads a German amount as meant, never starts an order on Enter in a dropdown, offers the saved wallet, and shows the order in progress with continue and a confirmed cancel', async () => {
    // A browser in English as written in Germany (en-DE): the screens in English, "1.000,50" a thousand and a half
    // euros (the German screens are languages.e2e.ts's).
    const context = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP, locale: 'en-DE' })
    const page = await context.newPage()
    await signUpAndConfirm(page, baseUrl, 'buycalc')
    await declareSourceOfFunds(page)
    await proveWallet(page)
    await page.goto('/dashboard')

    const youPay = page.getByRole('textbox', { name: 'You pay' })
    await visible(page.getByText('Simulated prices (test environment)'))
    expect(await youPay.inputValue()).toBe('100')
    await youPay.fill('1.000,50')
    // Shown as a German browser writes numbers (decision 130).
    await visible(page.getByText('You pay 1.000,50 EUR, fee included'))
    await visible(page.getByRole('region', { name: 'Price details' }).getByText('Total incl. fee'))

    // Enter on the coin dropdown picks nothing and starts nothing; what was typed is gone after Escape.
    const coin = page.getByRole('combobox', { name: 'Coin you receive' })
    await coin.click()
    await page.keyboard.type('usdt')
    await page.keyboard.press('Escape')
    expect(await coin.inputValue()).toBe('BTC – Bitcoin')
    await page.keyboard.press('Enter')
    await page.getByRole('combobox', { name: 'Currency you pay' }).press('Enter')
    await page.keyboard.press('Escape')
    expect(new URL(page.url()).pathname).toBe('/dashboard')

    await page.getByRole('button', { name: new RegExp(`^Use saved wallet .+ \\(${WALLET}\\)$`) }).click()
    expect(await page.getByRole('textbox', { name: 'Wallet address' }).inputValue()).toBe(WALLET)
    await screenshotAtBothWidths(page, 'buy-calculator')

    await page.getByRole('button', { name: 'Buy BTC' }).click()
    await page.waitForURL('**/dashboard-method')
    const steps = page.getByRole('navigation', { name: 'Steps of your purchase' })
    await visible(steps.locator('[aria-current="step"]').getByText('Method'))
    await visible(page.getByRole('region', { name: 'Your order' }).getByText('1.000,50 EUR'))
    await screenshotAtBothWidths(page, 'buy-method-steps')

    // Back on the calculator, the order in progress is shown, continued with its reference, and cancelled only on confirmation.
    await page.goto('/dashboard')
    const inProgress = page.getByRole('region', { name: 'Your order in progress' })
    await visible(inProgress.getByText('You have an order in progress'))
    const reference = (await inProgress.locator('strong').first().textContent()) ?? ''
    expect(reference).toMatch(/^[A-Z0-9]{10}$/)
    await screenshotAtBothWidths(page, 'buy-calculator-order-in-progress')
    await inProgress.getByRole('button', { name: 'Continue paying' }).click()
    await page.waitForURL(`**/dashboard-method?order=${reference}`)
    await page.goto('/dashboard')
    await inProgress.getByRole('button', { name: 'Cancel this order' }).click()
    await visible(inProgress.getByText(`Cancel order ${reference}? Nothing has been paid for it.`))
    await screenshotAtBothWidths(page, 'buy-calculator-cancel-confirm')
    await inProgress.getByRole('button', { name: 'Yes, cancel the order' }).click()
    await visible(page.getByText(`Order ${reference} cancelled`))

    // History calls the amount by what happened, and the timeline is written for the customer.
    await page.goto(`/dashboard-history?order=${reference}`)
    const drawer = page.getByRole('dialog', { name: `Order ${reference}` })
    await visible(drawer.getByText('You cancelled the order'))
    await visible(drawer.getByText('Order amount'))
    expect(await drawer.getByText('You paid').count()).toBe(0)
    expect(await drawer.getByText(/→/).count()).toBe(0)
    await screenshotAtBothWidths(page, 'buy-history-cancelled-timeline')
    await context.close()
  })
})
