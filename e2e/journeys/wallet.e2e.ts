import type { Browser, Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { connectBrowser, newContext, screenshotAtBothWidths, visible } from '../support/browser'
import { declareSourceOfFunds, saveDetails, signUpAndConfirm, verifyIdentity, waitForMails } from '../support/customer'
import { payOnSandboxCheckout } from '../support/sandbox-parties'
import { EVM_WALLET, personalSign } from '../support/wallet'

const baseUrl = inject('baseUrl')
/** A key that is not the wallet's: its signature must be refused. */
const OTHER_KEY = new Uint8Array(32).fill(9)
let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('wallet journey (decision 039)', () => {
  it('a verified customer paying to an unproven EVM wallet proves it first on the wallet screen, then pays and the order completes', async () => {
    const context = await newContext(browser, baseUrl)
    const page = await context.newPage()
    const email = await signUpAndConfirm(page, baseUrl, 'wallet')
    await declareSourceOfFunds(page)
    await saveDetails(page)
    await verifyIdentity(page)

    // An ETH order to a wallet this customer has never proven, paid by card.
    await page.goto('/dashboard')
    await visible(page.getByText('Simulated prices (test environment)'))
    await page.getByRole('combobox', { name: 'Coin you receive' }).click()
    await page.getByRole('option', { name: 'ETH – Ethereum' }).click()
    await page.getByRole('textbox', { name: 'You pay' }).fill('250')
    await page.getByRole('textbox', { name: 'Wallet address' }).fill(EVM_WALLET)
    await page.getByRole('button', { name: 'Buy ETH' }).click()
    await page.waitForURL('**/dashboard-method')
    const reference = await page.evaluate(
      () =>
        (JSON.parse(window.localStorage.getItem('lastOrder') ?? '{}') as { orderReference?: string }).orderReference,
    )
    expect(reference).toMatch(/^[A-Z2-9]{10}$/)
    await page.getByRole('button', { name: 'Card', exact: true }).click()
    await page.waitForURL(/\/dashboard-viban\?order=[A-Z0-9]+$/)
    await visible(page.getByRole('heading', { name: 'Pay by card' }))
    await page.getByRole('button', { name: 'Pay by card' }).click()
    await page.waitForURL(/\/dashboard-startcc\?order=[A-Z0-9]+$/)
    await page.getByRole('button', { name: 'Pay 250.00 EUR by card' }).click()
    // Nothing is charged before the wallet is proven (decision 080): the payment leads to the wallet screen, on the
    // order's wallet, coin and address filled in.
    await page.waitForURL(`**/dashboard-wallets?order=${reference}`)
    await expectValue(page.getByRole('combobox', { name: 'Coin' }), 'eth')
    await expectValue(page.getByRole('textbox', { name: 'Wallet address' }), EVM_WALLET)
    await screenshotAtBothWidths(page, 'wallets-for-order')
    await page.getByRole('button', { name: 'Continue' }).click()
    const message = page.getByLabel('Message to sign')
    await visible(message)
    const text = (await message.textContent()) ?? ''
    expect(text).toContain(`Wallet: ${EVM_WALLET}`)
    await page.getByRole('button', { name: 'MetaMask, Rabby, Coinbase Wallet and other browser wallets' }).click()
    await screenshotAtBothWidths(page, 'wallets-sign')

    // A signature by another key is refused in words, and nothing moves.
    await page.getByRole('textbox', { name: 'Signature' }).fill(personalSign(text, OTHER_KEY))
    await page.getByRole('button', { name: 'Prove wallet' }).click()
    await visible(
      page.getByText(`This signature does not match the message and the wallet ${EVM_WALLET}.`, { exact: false }),
    )
    await screenshotAtBothWidths(page, 'wallets-wrong-signature')

    // The wallet's own signature proves it.
    await page.getByRole('textbox', { name: 'Signature' }).fill(personalSign(text))
    await page.getByRole('button', { name: 'Prove wallet' }).click()
    // Back to the card payment the proof interrupted; paid, the coins go out at once.
    await page.waitForURL(/\/dashboard-startcc\?order=[A-Z0-9]+$/)
    await page.getByRole('button', { name: 'Pay 250.00 EUR by card' }).click()
    await page.waitForURL('**/sandbox/psp/checkout?session=*')
    await payOnSandboxCheckout(page, '4242424242424242')
    await page.waitForURL(/\/dashboard-thankyou\?order=[A-Z0-9]+$/)
    expect(await waitForMails(baseUrl, email, ['order_completed'])).not.toContain('order_awaiting_checks')
    await page.goto(`/dashboard-history?order=${reference}`)
    const reopened = page.getByRole('dialog', { name: `Order ${reference}` })
    await visible(reopened.getByText('Coins sent'))
    await visible(reopened.getByText(new RegExp(`Sent to ${EVM_WALLET}, transaction`, 'i')))

    // The wallet is saved for the next orders.
    await page.goto('/dashboard-wallets')
    const saved = page.getByRole('list', { name: 'Saved wallets' })
    await visible(saved.getByText(EVM_WALLET.toLowerCase()))
    await visible(saved.getByText(/Proven by signed message/))
    await screenshotAtBothWidths(page, 'wallets-saved')
    await context.close()
  })
})

async function expectValue(locator: Locator, value: string) {
  await visible(locator)
  expect(await locator.inputValue()).toBe(value)
}
