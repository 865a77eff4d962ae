import { JWT_COOKIE_NAME } from '@exchange/shared/constants'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, MOBILE, connectBrowser, newContext, screenshot, visible } from '../support/browser'
import {
  confirmDocumentName,
  declareSourceOfFunds,
  expectInHistory,
  proveWallet,
  saveDetailsThroughApi,
  signUpThroughApi,
  startOrder,
  waitForMails,
} from '../support/customer'
import { operatorBrowser } from '../support/operator'
import { sendTransferNotice, transferDetail } from '../support/sandbox-parties'
import { nextTotpCode, totpCode } from '../support/totp'

const baseUrl = inject('baseUrl')
const GBP = 'GBP – British pound'
/** Someone other than the customer: the bank's payer name differs and the payment is held for a person. */
const OTHER_PAYER = 'Ada Lovelace'
let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The customer's identity check, left by the sandbox provider for a person to decide. */
async function identityLeftForReview(page: Page) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === JWT_COOKIE_NAME)?.value
  const started = await page.request.post('/v1/user/identityStart', {
    data: { brandName: 'Helvex' },
    headers: { authorization: `Bearer ${token}` },
  })
  await page.goto(((await started.json()) as { data: { verificationUrl: string } }).data.verificationUrl)
  await confirmDocumentName(page, 'Leave for manual review')
  await page.getByRole('button', { name: 'Leave for manual review' }).click()
  await page.waitForURL('**/dashboard-returnauth')
}

/** A first sign-in at /operator/login: the password handed over, then the authenticator app set up from its key. */
async function firstSignIn(page: Page, loginName: string, password: string) {
  await page.goto('/operator/app')
  await page.getByLabel('Login name').fill(loginName)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Continue' }).click()
  await visible(page.getByRole('heading', { name: 'Set up your authenticator app' }))
  await screenshot(page, 'back-office-enrol-1280')
  const key = (await page.locator('code').first().innerText()).replaceAll(' ', '')
  for (let attempt = 0; ; attempt += 1) {
    await page
      .getByLabel('The 6-digit code your app shows now')
      .fill(attempt === 0 ? totpCode(key) : await nextTotpCode(key))
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForLoadState()
    if (new URL(page.url()).pathname !== '/operator/login/enrol' || attempt === 2) break
  }
  return key
}

describe('the back office', () => {
  it('an admin makes a compliance operator, who sets up a second factor, approves an identity and asks to release a held payment that a second operator approves', async () => {
    // A customer whose identity check waits for a person.
    const customerContext = await newContext(browser, baseUrl, DESKTOP)
    const customer = await customerContext.newPage()
    const email = await signUpThroughApi(customer, baseUrl, 'backoffice')
    await declareSourceOfFunds(customer)
    await saveDetailsThroughApi(customer)
    await proveWallet(customer)
    await identityLeftForReview(customer)

    // The admin makes a compliance operator; the password is shown once.
    const adminContext = await operatorBrowser(browser, baseUrl, inject('operator'))
    const admin = await adminContext.newPage()
    await admin.goto('/operator/operators')
    const loginName = `compliance.${Date.now().toString(36)}`
    await admin.getByLabel('Login name').fill(loginName)
    await admin
      .getByLabel(/compliance \(reviews/)
      .last()
      .check()
    await admin.getByRole('button', { name: 'Create operator' }).click()
    await visible(admin.getByText('Operator created.'))
    const password = await admin.locator('code').nth(1).innerText()
    await screenshot(admin, 'back-office-operator-created-1280')
    await adminContext.close()

    // The new operator's first sign-in sets up the second factor and opens the back office.
    const complianceContext = await newContext(browser, baseUrl, DESKTOP)
    const compliance = await complianceContext.newPage()
    await firstSignIn(compliance, loginName, password)
    await compliance.goto('/operator/app')
    await visible(compliance.getByText(loginName))
    const reviews = compliance.getByRole('region', { name: 'Identity reviews' })
    await visible(reviews.getByText(email))
    // Compliance opens no finance queue.
    expect(await compliance.getByRole('region', { name: 'Refunds' }).count()).toBe(0)
    await screenshot(compliance, 'back-office-queues-1280')
    await compliance.setViewportSize(MOBILE)
    await screenshot(compliance, 'back-office-queues-375')
    await compliance.setViewportSize(DESKTOP)

    // From the queue to the customer's file (the queue is the reason), where the identity is approved.
    await reviews.getByRole('listitem').filter({ hasText: email }).getByRole('link', { name: 'Customer' }).click()
    await visible(compliance.getByText('Opened for: Queue: identity reviews'))
    await visible(compliance.getByRole('region', { name: 'Details' }).getByText(email))
    const review = compliance.getByRole('region', { name: 'Identity review' })
    await review.getByLabel('Reason (needed to reject)').fill('Document and selfie match the declared name')
    await review.getByRole('button', { name: 'Approve' }).click()
    await visible(compliance.getByRole('status').getByText('Identity approved; held payouts go ahead.'))
    // The trail shows the view with its reason and the decision, under the operator's name.
    const trail = compliance.getByRole('region', { name: 'Trail' })
    await compliance.reload()
    await visible(trail.getByRole('row').filter({ hasText: 'identity_approved' }).filter({ hasText: loginName }))
    await visible(
      trail.getByRole('row').filter({ hasText: 'viewed_customer' }).filter({ hasText: 'Queue: identity reviews' }),
    )
    await screenshot(compliance, 'back-office-customer-1280')
    await compliance.setViewportSize(MOBILE)
    await screenshot(compliance, 'back-office-customer-375')
    await compliance.setViewportSize(DESKTOP)

    // The customer pays for an order from an account in another name: the payment is held for a person.
    const reference = await startOrder(customer, GBP, '150')
    await customer.getByRole('button', { name: 'Bank transfer', exact: true }).click()
    await customer.waitForURL(/\/dashboard-wire\?order=[A-Z0-9]+$/)
    await customer.getByRole('button', { name: 'Transfer manually' }).click()
    const iban = await transferDetail(customer, 'IBAN')
    const outcome = await sendTransferNotice(customer, {
      creditedIban: iban,
      amount: '150.00',
      currency: 'gbp',
      payerName: OTHER_PAYER,
      payerIban: 'GB29NWBK60161331926819',
      paymentReference: reference,
    })
    expect(outcome).toBe('held_name_mismatch')

    // The compliance operator asks for its release; they cannot approve it themselves.
    await compliance.goto('/operator/app')
    const held = compliance
      .getByRole('region', { name: 'Held or short payments' })
      .getByRole('listitem')
      .filter({ hasText: reference })
    const why = 'Payer is the customer’s spouse, statement seen'
    await held.getByLabel('Reason').fill(why)
    await held.getByRole('button', { name: 'Ask for release' }).click()
    await visible(compliance.getByRole('status').getByText('Asked: a second operator', { exact: false }))
    await screenshot(compliance, 'back-office-asked-1280')
    const asked = compliance
      .getByRole('region', { name: 'Waiting for a second operator' })
      .getByRole('listitem')
      .filter({ hasText: why })
    await visible(asked.getByText('Asked by you: a second operator decides'))
    await screenshot(compliance, 'back-office-asked-1280')
    await complianceContext.close()

    // A second operator approves it; the order is paid and its coins sent.
    const secondContext = await operatorBrowser(browser, baseUrl, inject('secondOperator'))
    const second = await secondContext.newPage()
    await second.goto('/operator/app')
    const request = second
      .getByRole('region', { name: 'Waiting for a second operator' })
      .getByRole('listitem')
      .filter({ hasText: why })
    await visible(request.getByText(`Asked by ${loginName}`))
    await visible(request.getByRole('link', { name: `Order ${reference}` }))
    await screenshot(second, 'back-office-four-eyes-1280')
    await request.getByLabel('Reason').fill('Marriage certificate seen')
    await request.getByRole('button', { name: 'Approve' }).click()
    await visible(second.getByRole('status').getByText('Approved and done.'))
    await screenshot(second, 'back-office-approved-1280')
    await secondContext.close()

    await waitForMails(baseUrl, email, ['order_paid', 'order_completed'])
    await expectInHistory(customer, reference, 'Completed', ['Coins sent'])
    await customerContext.close()
  })
})
