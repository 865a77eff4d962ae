import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { connectBrowser, newContext, screenshotAtBothWidths, visible } from '../support/browser'
import {
  PAYER_NAME,
  WALLET,
  declareSourceOfFunds,
  keptOrderReference,
  proveWallet,
  saveDetails,
  signUpAndConfirm,
  verifyIdentity,
  waitForMails,
  confirmDocumentName,
} from '../support/customer'
import { payOnSandboxCheckout, sendTransferNotice } from '../support/sandbox-parties'
import { EVM_WALLET, personalSign } from '../support/wallet'

const baseUrl = inject('baseUrl')
/** A deposit address at another exchange: BIP-173's example address, whose key nobody here holds. */
const EXCHANGE_DEPOSIT = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** On the calculator: the coin, 250 EUR and the wallet typed; answers the note shown under the wallet field. */
async function typeOrder(page: Page, coin: { option: string; button: string }, wallet: string) {
  await page.goto('/dashboard')
  await visible(page.getByText('Simulated prices (test environment)'))
  await page.getByRole('combobox', { name: 'Coin you receive' }).click()
  await page.getByRole('option', { name: coin.option }).click()
  await page.getByRole('textbox', { name: 'You pay' }).fill('250')
  await page.getByRole('textbox', { name: 'Wallet address' }).fill(wallet)
}

async function payByCard(page: Page) {
  await page.getByRole('button', { name: 'Card', exact: true }).click()
  await page.waitForURL(/\/dashboard-viban\?order=[A-Z0-9]+$/)
  await page.getByRole('button', { name: 'Pay by card' }).click()
  await page.waitForURL(/\/dashboard-startcc\?order=[A-Z0-9]+$/)
  await page.getByRole('button', { name: 'Pay 250.00 EUR by card' }).click()
  await page.waitForURL('**/sandbox/psp/checkout?session=*')
  await payOnSandboxCheckout(page, '4242424242424242')
  await page.waitForURL(/\/dashboard-thankyou\?order=[A-Z0-9]+$/)
}

async function newVerifiedCustomer(page: Page, label: string) {
  const email = await signUpAndConfirm(page, baseUrl, label)
  await declareSourceOfFunds(page)
  await saveDetails(page)
  await verifyIdentity(page)
  return email
}

describe('a new customer proves a wallet before paying (decision 084)', () => {
  it('by a signed message: the calculator says so, the order leads to the proof and back to paying', async () => {
    const context = await newContext(browser, baseUrl)
    const page = await context.newPage()
    const email = await newVerifiedCustomer(page, 'prove-signed')
    await typeOrder(page, { option: 'ETH – Ethereum', button: 'Buy ETH' }, EVM_WALLET)
    await visible(page.getByText('Before you pay, you prove this wallet is yours by signing a short message'))
    await screenshotAtBothWidths(page, 'calculator-wallet-note')
    await page.getByRole('button', { name: 'Buy ETH' }).click()
    await page.waitForURL(/\/dashboard-method(\?order=[A-Z0-9]+)?$/)
    const reference = await keptOrderReference(page)

    await visible(page.getByText('Before you pay: show that this wallet is yours'))
    await screenshotAtBothWidths(page, 'method-prove-wallet-first')
    await page.getByRole('link', { name: 'Prove your wallet' }).click()
    await page.waitForURL(`**/dashboard-wallets?order=${reference}`)
    await visible(page.getByText(`Before you pay for order ${reference}`))
    await page.getByRole('button', { name: 'Continue' }).click()
    const message = page.getByLabel('Message to sign')
    await visible(message)
    await screenshotAtBothWidths(page, 'wallets-before-payment-sign')
    await page.getByRole('textbox', { name: 'Signature' }).fill(personalSign((await message.textContent()) ?? ''))
    await page.getByRole('button', { name: 'Prove wallet' }).click()

    // Back to paying, with nothing more asked; paid, the coins go out at once.
    await page.waitForURL(/\/dashboard-method(\?order=[A-Z0-9]+)?$/)
    await visible(page.getByRole('button', { name: 'Card', exact: true }))
    expect(await page.getByText('Before you pay: show that this wallet is yours').count()).toBe(0)
    await payByCard(page)
    expect(await waitForMails(baseUrl, email, ['order_completed'])).toContain('order_completed')
    await context.close()
  })

  it('by a declaration naming the exchange that holds the address, which then pays out', async () => {
    const context = await newContext(browser, baseUrl)
    const page = await context.newPage()
    const email = await newVerifiedCustomer(page, 'prove-declared')
    await typeOrder(page, { option: 'BTC – Bitcoin', button: 'Buy BTC' }, EXCHANGE_DEPOSIT)
    await visible(page.getByText('For an address at an exchange, you name the exchange instead', { exact: false }))
    await page.getByRole('button', { name: 'Buy BTC' }).click()
    await page.waitForURL(/\/dashboard-method(\?order=[A-Z0-9]+)?$/)
    const reference = await keptOrderReference(page)
    await page.getByRole('link', { name: 'Prove your wallet' }).click()
    await page.waitForURL(`**/dashboard-wallets?order=${reference}`)

    await page.getByRole('radio', { name: /At an exchange or custodian/ }).check()
    await page.getByRole('button', { name: 'Continue' }).click()
    await visible(page.getByRole('textbox', { name: 'Exchange or custodian' }))
    await page.getByRole('textbox', { name: 'Exchange or custodian' }).fill('Kraken')
    await page.getByRole('textbox', { name: 'Account holder' }).fill('Grace Hopper')
    await page.getByRole('checkbox', { name: /in my own name/ }).check()
    await screenshotAtBothWidths(page, 'wallets-before-payment-declare-exchange')
    await page.getByRole('button', { name: 'Declare wallet' }).click()

    await page.waitForURL(/\/dashboard-method(\?order=[A-Z0-9]+)?$/)
    await visible(page.getByRole('button', { name: 'Card', exact: true }))
    await payByCard(page)
    expect(await waitForMails(baseUrl, email, ['order_completed'])).toContain('order_completed')
    await page.goto('/dashboard-wallets')
    await visible(page.getByRole('list', { name: 'Saved wallets' }).getByText(EXCHANGE_DEPOSIT))
    await screenshotAtBothWidths(page, 'wallets-saved-declared')
    await context.close()
  })
})

describe('the way out of a paid order whose delivery waits (decision 085)', () => {
  it('a paid order waiting for an operator shows the way out and the customer takes the refund', async () => {
    const context = await newContext(browser, baseUrl)
    const page = await context.newPage()
    const email = await signUpAndConfirm(page, baseUrl, 'way-out')
    await declareSourceOfFunds(page)
    await saveDetails(page)
    await proveWallet(page)
    // The identity check is left for an operator's manual review.
    const started = await page.request.post('/v1/user/identityStart', {
      data: { brandName: 'Helvex' },
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
    })
    await page.goto(((await started.json()) as { data: { verificationUrl: string } }).data.verificationUrl)
    await confirmDocumentName(page, 'Leave for manual review')
    await page.getByRole('button', { name: 'Leave for manual review' }).click()
    await page.waitForURL('**/dashboard-returnauth')

    await typeOrder(page, { option: 'BTC – Bitcoin', button: 'Buy BTC' }, WALLET)
    await page.getByRole('button', { name: 'Buy BTC' }).click()
    await page.waitForURL(/\/dashboard-method(\?order=[A-Z0-9]+)?$/)
    const reference = await keptOrderReference(page)
    // Paying is refused while the identity check is in review (decision 080); a transfer naming the order arrives
    // all the same, and the order waits for the check.
    await sendTransferNotice(page, {
      creditedIban: 'CH5604835012345678009',
      amount: '250.00',
      currency: 'eur',
      payerName: PAYER_NAME,
      payerIban: 'GB29NWBK60161331926819',
      paymentReference: reference,
    })
    await waitForMails(baseUrl, email, ['order_awaiting_checks'])

    await page.goto(`/dashboard-history?order=${reference}`)
    const drawer = page.getByRole('dialog', { name: `Order ${reference}` })
    await page.getByRole('link', { name: /Choose another wallet or get your money back/ }).click()
    await page.waitForURL(`**/dashboard-wayout?order=${reference}`)
    await visible(page.getByRole('heading', { name: `Order ${reference}: your choices` }))
    await visible(page.getByText('the order waits for your identity check', { exact: false }))
    await screenshotAtBothWidths(page, 'way-out')

    await page.getByRole('button', { name: 'Send my money back' }).click()
    await visible(page.getByRole('dialog', { name: 'Send €250.00 back?' }).or(page.getByRole('dialog')))
    await screenshotAtBothWidths(page, 'way-out-confirm-refund')
    await page.getByRole('button', { name: 'Yes, send my money back' }).click()
    await page.waitForURL(`**/dashboard-history?order=${reference}`)
    await visible(drawer.getByText('Refunded', { exact: true }))
    await visible(drawer.getByText('You asked for your money back instead of waiting'))
    expect(await waitForMails(baseUrl, email, ['order_refunded'])).toContain('order_refunded')
    await screenshotAtBothWidths(page, 'way-out-refunded')
    await context.close()
  })
})

async function tokenOf(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'jwtToken')?.value
}
