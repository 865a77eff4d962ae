import type { Page } from 'playwright-core'
import { describe, expect, inject, it, vi } from 'vitest'
import { checkedAndKept } from '../support/axe'
import { DESKTOP, screenshot, useSharedBrowser, visible } from '../support/browser'
import { WALLET, signUpThroughApi } from '../support/customer'
import { messagesTo } from '../support/mailbox'
import { operatorBrowser } from '../support/operator'

// Issue 29 (decision 126): a customer writes to support with a file, an operator answers on /operator/tickets, the
// customer reads the answer on /dashSupport and by mail; a complaint shows its deadline to both. Every account and
// support screen is checked with axe-core (no serious or critical violation) and kept at 375 and 1280 px.

const baseUrl = inject('baseUrl')
const sharedBrowser = useSharedBrowser()

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

const MAIL_WAIT = { timeout: 30_000, interval: 200 }

/** A customer's browser into which axe-core may be injected: the app's CSP allows no script of the test's own. */
const axeContext = () => sharedBrowser().newContext({ baseURL: baseUrl, viewport: DESKTOP, bypassCSP: true })

/** A new customer signed in through the api, in a browser of their own (axeContext). */
async function signedInCustomer(label: string) {
  const context = await axeContext()
  const page = await context.newPage()
  const email = await signUpThroughApi(page, baseUrl, label)
  return { context, page, email }
}

/** The operator's browser (signed in at /operator/login), on the list of tickets, with the ticket of that number in view. */
async function operatorDesk(number: string) {
  const operator = await operatorBrowser(sharedBrowser(), baseUrl, inject('operator'))
  const desk = await operator.newPage()
  await desk.goto('/operator/tickets')
  const row = desk.getByRole('row').filter({ has: desk.getByRole('link', { name: number }) })
  await visible(row)
  return { operator, desk, row }
}

/** Opens a request on the contact form as a person does; answers the ticket number the screen shows. */
async function sendRequest(page: Page, topic: string, message: string, file?: string): Promise<string> {
  await page.goto('/dashboard-contactus')
  await page.getByLabel('What is it about?').selectOption({ label: topic })
  await page.getByRole('textbox', { name: 'Your message' }).fill(message)
  if (file) {
    await page.getByTestId('support-files').setInputFiles({ name: file, mimeType: 'image/png', buffer: PNG })
    await visible(page.getByRole('button', { name: `Remove ${file}` }))
  }
  await page.getByRole('button', { name: 'Send' }).click()
  const sent = page.getByRole('status').filter({ hasText: 'is with our team' })
  await visible(sent, 20_000)
  const number = /Your request (T-\d+)/.exec((await sent.textContent()) ?? '')?.[1]
  if (!number) throw new Error('no ticket number on the screen')
  return number
}

describe('support and account screens', () => {
  it('a request with a file is answered by an operator, and the customer reads the answer on the screen and by mail', async () => {
    const { context, page, email } = await signedInCustomer('support')

    await page.goto('/dashboard-contactus')
    await visible(page.getByRole('heading', { name: 'Contact us', level: 1 }))
    await checkedAndKept(page, 'support-contactus')
    // The form's errors, as a customer who sends it empty sees them.
    await page.getByRole('button', { name: 'Send' }).click()
    await visible(page.getByText('Please choose what your message is about'))
    await checkedAndKept(page, 'support-contactus-errors')

    const number = await sendRequest(page, 'A payment', 'My card payment did not go through.', 'receipt.png')
    await checkedAndKept(page, 'support-contactus-sent')
    await vi.waitFor(
      async () => expect((await messagesTo(baseUrl, email)).map((mail) => mail.template)).toContain('support_opened'),
      MAIL_WAIT,
    )

    // The operator reads it, with the file, and answers.
    const { operator, desk } = await operatorDesk(number)
    await desk.getByRole('link', { name: number }).click()
    await visible(desk.getByRole('link', { name: 'receipt.png' }))
    await desk.getByLabel(/Answer/).fill('We found your payment: it was refused by your bank. Please try again.')
    await desk.getByRole('button', { name: 'Send the answer' }).click()
    await visible(desk.getByText('We found your payment'))
    await screenshot(desk, 'support-operator-ticket-1280')

    // The customer reads the answer on /dashSupport, and in the mail.
    await page.goto('/dashSupport')
    const card = page.getByRole('region', { name: `Request ${number}` })
    await visible(card)
    await checkedAndKept(page, 'support-dashsupport')
    await card.getByRole('button', { name: 'Read and answer' }).click()
    await visible(card.getByText('We found your payment: it was refused by your bank.'))
    await checkedAndKept(page, 'support-ticket')
    await vi.waitFor(async () => {
      const reply = (await messagesTo(baseUrl, email)).find((mail) => mail.template === 'support_replied')
      expect(reply?.text).toContain('We found your payment: it was refused by your bank.')
    }, MAIL_WAIT)
    await operator.close()
    await context.close()
  })

  it('a complaint shows its deadline to the customer and to the operator', async () => {
    const { context, page } = await signedInCustomer('complaint')
    const number = await sendRequest(page, 'A complaint', 'I was charged twice for one order.')
    const sent = page.getByRole('status').filter({ hasText: 'is with our team' })
    await expect.poll(async () => sent.textContent()).toMatch(/You will have our final answer by .+ at the latest/)

    await page.goto('/dashSupport')
    const card = page.getByRole('region', { name: `Request ${number}` })
    await visible(card.getByText(/our final answer is due by/))
    await checkedAndKept(page, 'support-complaint')

    const { operator, desk, row } = await operatorDesk(number)
    await expect.poll(async () => row.textContent()).toMatch(/complaint.*\d{4}-\d{2}-\d{2}T/)
    await desk.getByRole('link', { name: number }).click()
    await visible(desk.getByText('Final answer due'))
    await screenshot(desk, 'support-operator-complaint-1280')
    await operator.close()
    await context.close()
  })

  it('the account page and its forms have no serious accessibility violation', async () => {
    const { context, page } = await signedInCustomer('a11y')
    await page.goto('/dashAccount')
    await visible(page.getByRole('region', { name: 'Password' }))
    await visible(page.getByRole('list', { name: 'Signed-in devices' }))
    await checkedAndKept(page, 'account-dashaccount')

    // Each form sent empty shows its errors: still no violation.
    for (const button of ['Change password', 'Send code to new address', 'Close my account']) {
      const submit = page.getByRole('button', { name: button })
      if ((await submit.count()) > 0) await submit.first().click()
    }
    await visible(page.getByText('Type your current password').first())
    await checkedAndKept(page, 'account-dashaccount-errors')
    await context.close()
  })

  it('after a password change on the account page, the calculator says before payment when coins to a new wallet go out', async () => {
    const { context, page } = await signedInCustomer('hold')
    await page.goto('/dashAccount')
    const password = page.getByRole('region', { name: 'Password' })
    await password.getByLabel('Current password').fill('journey-pass-1')
    await password.getByLabel('New password').fill('journey-pass-2')
    await password.getByRole('button', { name: 'Change password' }).click()
    await visible(page.getByText('Password changed'))
    await visible(page.getByText(/for the next 24 hours your coins go only to wallets we have sent coins to before/))

    await page.goto('/dashboard')
    await page.getByRole('textbox', { name: 'Wallet address' }).fill(WALLET)
    const notice = page.getByRole('alert').filter({ hasText: 'Your coins go out after a safety wait' })
    await visible(notice)
    expect(await notice.textContent()).toMatch(
      /Because your password was changed, a payout to a wallet we have not sent your coins to before waits 24 hours, for your safety: to this wallet, your coins go out after .+\./,
    )
    await checkedAndKept(page, 'calculator-payout-hold')
    await context.close()
  })
})
