import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, connectBrowser, newContext, screenshotAtBothWidths, visible } from '../support/browser'
import { WALLET } from '../support/customer'
import { lastMessageId, uniqueEmail, waitForCode } from '../support/mailbox'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('a partner sends its customer in', () => {
  it('the test partner makes a link; a new customer signs up through it and reaches the partner order', async () => {
    const context = await newContext(browser, baseUrl, DESKTOP)
    const page = await context.newPage()
    const email = uniqueEmail('partner')

    await page.goto('/dev/partner')
    await visible(page.getByRole('heading', { name: 'Test partner (test environment)' }))
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Amount in EUR').fill('100.00')
    await page.getByLabel('Wallet').fill(WALLET)
    await page.getByRole('button', { name: 'Make the link' }).click()
    await page.getByRole('link', { name: 'Open here' }).click()

    await visible(page.getByRole('form', { name: 'Create your account' }))
    await page.getByRole('textbox', { name: 'Choose a password', exact: true }).fill('journey-pass-1')
    await page.getByRole('checkbox').check()
    const since = await lastMessageId(baseUrl)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await page.getByLabel('Digit 1').click()
    await page.keyboard.type(await waitForCode(baseUrl, email, since), { delay: 30 })

    await page.waitForURL('**/mp-checkout')
    await visible(page.getByText('Test Wallet'))
    // The partner's order, prefilled: the amount and the wallet it sent.
    await expect.poll(() => page.getByRole('textbox', { name: 'You pay' }).inputValue()).toBe('100.00')
    expect(await page.getByRole('textbox', { name: 'Wallet address' }).inputValue()).toBe(WALLET)
    await visible(page.getByRole('button', { name: 'Buy BTC' }))
    await screenshotAtBothWidths(page, 'partner-checkout')
    await context.close()
  })
})
