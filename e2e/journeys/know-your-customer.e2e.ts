import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, holdCalls, connectBrowser, newContext, screenshotAtBothWidths, visible } from '../support/browser'
import {
  WALLET,
  answerSourceOfFunds,
  expectInHistory,
  fillDetails,
  keptOrderReference,
  signUpAndConfirm,
  tryToBuy,
  waitForMails,
  confirmDocumentName,
} from '../support/customer'
import { sendPassportPhoto } from '../support/documents'
import { payOnSandboxCheckout } from '../support/sandbox-parties'
import { bitcoinSign } from '../support/wallet'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('know-your-customer journey (issue 10)', () => {
  it('a new customer starts a buy, verifies their identity, sends a document, proves the wallet, pays by card and sees the order completed', async () => {
    const context = await newContext(browser, baseUrl, DESKTOP)
    const page = await context.newPage()
    const email = await signUpAndConfirm(page, baseUrl, 'kyc')

    // The first order asks for the source of funds first, and comes back with the amount kept.
    await tryToBuy(page, '250')
    await page.waitForURL('**/dashboard-sof')
    await visible(page.getByText('A false declaration is a criminal offence.'))
    await screenshotAtBothWidths(page, 'kyc-sof')
    await answerSourceOfFunds(page)
    await page.waitForURL('**/dashboard')
    await visible(page.getByText('Thank you, your answers are saved.', { exact: false }))
    expect(await page.getByRole('textbox', { name: 'You pay' }).inputValue()).toBe('250')
    expect(await page.getByRole('textbox', { name: 'Wallet address' }).inputValue()).toBe(WALLET)
    await screenshotAtBothWidths(page, 'kyc-calculator')
    await page.getByRole('button', { name: 'Buy BTC' }).click()
    await page.waitForURL('**/dashboard-method')
    const reference = await keptOrderReference(page)
    await visible(page.getByRole('region', { name: 'Your order' }).getByText(reference))
    await screenshotAtBothWidths(page, 'kyc-method')

    // By card: the name and address are asked while paying, then the sandbox card provider's checkout.
    await page.getByRole('button', { name: 'Card', exact: true }).click()
    await page.waitForURL(/\/dashboard-confirmdetails\?order=[A-Z0-9]+$/)
    await visible(page.getByRole('heading', { name: 'Confirm your details' }))
    await screenshotAtBothWidths(page, 'kyc-confirmdetails')
    await fillDetails(page)
    await page.getByRole('button', { name: 'Confirm and continue' }).click()
    await page.waitForURL(/\/dashboard-viban\?order=[A-Z0-9]+$/)
    await visible(page.getByRole('button', { name: 'Pay by card' }))
    await screenshotAtBothWidths(page, 'kyc-viban')
    await page.getByRole('button', { name: 'Pay by card' }).click()
    await page.waitForURL(/\/dashboard-startcc\?order=[A-Z0-9]+$/)
    await visible(page.getByRole('button', { name: 'Pay 250.00 EUR by card' }))
    await screenshotAtBothWidths(page, 'kyc-startcc')
    // Nothing is charged before every check passes (decision 080): paying leads to the identity check first.
    await page.getByRole('button', { name: 'Pay 250.00 EUR by card' }).click()
    // authstart → hostedauth → the sandbox identity page → returnauth → authend.
    await page.waitForURL('**/dashboard-authstart')
    await visible(page.getByRole('heading', { name: 'Verify your identity' }))
    await screenshotAtBothWidths(page, 'kyc-authstart')
    const releaseStart = await holdCalls(page, '/v1/user/identityStart')
    await page.getByRole('link', { name: 'Start identity check' }).click()
    await page.waitForURL('**/dashboard-hostedauth')
    await visible(page.getByText("Opening our identity partner's secure page…"))
    await screenshotAtBothWidths(page, 'kyc-hostedauth')
    releaseStart()
    await page.waitForURL('**/sandbox/idv/verify?applicant=*')
    await visible(page.getByText('This is a test environment.'))
    await screenshotAtBothWidths(page, 'kyc-sandbox-idv')
    const releaseStatus = await holdCalls(page, '/v1/user/identityStatus')
    await confirmDocumentName(page, 'Approve the identity')
    await page.getByRole('button', { name: 'Approve the identity' }).click()
    await page.waitForURL('**/dashboard-returnauth')
    await visible(page.getByRole('list', { name: 'Progress' }))
    await screenshotAtBothWidths(page, 'kyc-returnauth')
    releaseStatus()
    await page.waitForURL('**/dashboard-authend')
    await visible(page.getByRole('heading', { name: 'Your identity is verified' }))
    await screenshotAtBothWidths(page, 'kyc-authend')

    // A document on uploaddocs.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Documents' }).click()
    await page.waitForURL('**/dashboard-uploaddocs')
    await visible(page.getByText('You have not sent any files yet.'))
    await screenshotAtBothWidths(page, 'kyc-uploaddocs')
    await sendPassportPhoto(page)
    await screenshotAtBothWidths(page, 'kyc-uploaddocs-sent')

    // The wallet is proven before paying, on the wallet screen with the wallet's signature.
    await page.goto(`/dashboard-wallets?order=${reference}`)
    await page.getByRole('button', { name: 'Continue' }).click()
    const message = page.getByLabel('Message to sign')
    await visible(message)
    await screenshotAtBothWidths(page, 'kyc-wallets')
    await page.getByRole('textbox', { name: 'Signature' }).fill(bitcoinSign((await message.textContent()) ?? ''))
    await page.getByRole('button', { name: 'Prove wallet' }).click()
    // Back to the card payment the checks interrupted.
    await page.waitForURL(/\/dashboard-startcc\?order=[A-Z0-9]+$/)
    await page.getByRole('button', { name: 'Pay 250.00 EUR by card' }).click()
    await page.waitForURL('**/sandbox/psp/checkout?session=*')
    await visible(page.getByText(reference))
    await screenshotAtBothWidths(page, 'kyc-checkout')
    await payOnSandboxCheckout(page, '4242424242424242')
    await page.waitForURL(/\/dashboard-thankyou\?order=[A-Z0-9]+$/)

    // Bought and delivered: completed in the history.
    expect(await waitForMails(baseUrl, email, ['order_completed'])).not.toContain('order_awaiting_checks')
    await expectInHistory(page, reference, 'Completed', ['Coins sent', `Sent to ${WALLET}`])
    await screenshotAtBothWidths(page, 'kyc-history-completed')
    await context.close()
    // Some twenty screens, each kept at two widths: longer than one journey's usual two minutes on a busy machine.
  }, 240_000)
})
