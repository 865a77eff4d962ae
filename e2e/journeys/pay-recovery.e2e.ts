import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { MOBILE, launchBrowser, newContext, screenshotAtBothWidths, visible } from '../support/browser'
import {
  WALLET,
  declareSourceOfFunds,
  proveWallet,
  saveDetails,
  signUpAndConfirm,
  startOrder,
  verifyIdentity,
  waitForMails,
} from '../support/customer'
import { payOnSandboxCheckout } from '../support/sandbox-parties'

// The server runs with e2e/fixtures/trading.json: eur has one card provider.
const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
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
