import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type AppServer, startAppServer } from '../support/app-server'
import {
  DESKTOP,
  MOBILE,
  absent,
  connectBrowser,
  newContext,
  screenshotAtBothWidths,
  visible,
} from '../support/browser'
import { CUSTOMER_NAME, WALLET, fillDetails, signUpAndConfirm } from '../support/customer'

const baseUrl = inject('baseUrl')
let browser: Browser
let ukApp: AppServer | undefined

beforeAll(async () => {
  browser = await connectBrowser()
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await ukApp?.stop()
})

/** Presses Tab until the focused element's accessible text matches; fails if it is never reached. */
async function tabTo(page: Page, text: RegExp, limit = 60): Promise<void> {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      return element ? (element.getAttribute('aria-label') ?? element.innerText ?? '').trim() : ''
    })
    if (text.test(focused)) return
  }
  throw new Error(`${String(text)} is not reached with the Tab key`)
}

/** Every control the Tab key reaches in the page's content (the menu aside), by its accessible text. */
async function tabbableNames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      (document.querySelector('main') ?? document).querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]), select',
      ),
    )
      .filter((element) => element.tabIndex >= 0 && element.offsetParent !== null)
      .map((element) => (element.getAttribute('aria-label') ?? element.innerText ?? '').trim()),
  )
}

/**
 * The identity check refused for good, as a tester chooses it on the sandbox provider's page (the check started the
 * way the identity screen starts it).
 */
async function rejectIdentity(page: Page) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'jwtToken')?.value
  const started = await page.request.post('/v1/user/identityStart', {
    data: { brandName: 'Helvex' },
    headers: { authorization: `Bearer ${token}` },
  })
  const { data } = (await started.json()) as { data: { verificationUrl: string } }
  await page.goto(data.verificationUrl)
  await page.getByRole('button', { name: 'Reject (final)' }).click()
  await page.waitForURL(/\/dashboard-(returnauth|authend)/)
}

describe('what the customer sees', () => {
  it('a rejected customer sees the plain page and cannot pay', async () => {
    const context = await newContext(browser, baseUrl, MOBILE)
    const page = await context.newPage()
    await signUpAndConfirm(page, baseUrl, 'rejected')
    await rejectIdentity(page)

    await page.goto('/dashboard')
    const notice = page.getByRole('region', { name: 'We could not verify your identity' })
    await visible(notice)
    expect(await notice.innerText()).toContain('this decision is final')
    expect(await notice.getByRole('link', { name: 'support@helvex.example' }).getAttribute('href')).toBe(
      'mailto:support@helvex.example',
    )
    // Nothing invites paying: no calculator, no order to start or continue, on either width.
    await absent(page.getByRole('form', { name: 'Buy crypto' }))
    expect(await page.getByRole('button', { name: /^Buy / }).count()).toBe(0)
    await screenshotAtBothWidths(page, 'identity-rejected-dashboard')

    // By keyboard: the support address is reached, and nothing on the page starts or pays an order.
    await page.setViewportSize(DESKTOP)
    await tabTo(page, /^support@helvex\.example$/)
    const reachable = await tabbableNames(page)
    expect(reachable.filter((name) => /buy|pay|continue to payment/i.test(name))).toEqual([])

    await page.goto('/dashboard-checks')
    await visible(page.getByRole('region', { name: 'We could not verify your identity' }))
    expect(await page.getByText('There is nothing you need to do').count()).toBe(0)
    await screenshotAtBothWidths(page, 'identity-rejected-checks')
    await context.close()
  }, 120_000)

  it('`prst` No asks first', async () => {
    // An app of its own: the shared app leaves out the UK steps for the journeys that are not about them.
    ukApp = await startAppServer({ env: { JOURNEY_SKIP_STEPS: '' }, logName: 'server-prst.log' })
    const context = await newContext(browser, ukApp.baseUrl, DESKTOP)
    const page = await context.newPage()
    await signUpAndConfirm(page, ukApp.baseUrl, 'prst-no')
    await page.goto('/dashboard-details')
    await fillDetails(page)
    await page.getByRole('button', { name: 'Save details' }).click()
    await visible(page.getByText('Details saved'))
    await page.goto('/dashboard-prk')
    await page
      .getByRole('dialog', { name: /this is a high-risk investment/ })
      .getByRole('button', { name: 'Continue' })
      .click()
    await page.waitForURL('**/dashboard-prst')

    const statement = page.getByRole('form', { name: 'Investor categorisation' })
    await statement.getByRole('radio', { name: /Restricted investor/ }).check()
    await statement
      .getByRole('radiogroup', { name: /^A\) In the past twelve months/ })
      .getByRole('radio', { name: 'Yes' })
      .check()
    await statement
      .getByRole('radiogroup', { name: /^B\) In the next twelve months/ })
      .getByRole('radio', { name: 'No' })
      .check()
    await statement
      .getByRole('textbox', { name: /Type your full name to sign this statement/ })
      .fill(`${CUSTOMER_NAME.first} ${CUSTOMER_NAME.last}`)
    const signed: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/v1/user/ukCategorise')) signed.push(request.url())
    })
    await statement.getByRole('button', { name: 'Sign the statement' }).click()

    // Asked first: what the lock means and until when; nothing is sent yet.
    const question = page.getByRole('dialog', { name: "Your answers do not meet this statement's rule" })
    await visible(question)
    const asked = await question.innerText()
    expect(asked).toContain('You qualify when both A and B apply to you.')
    expect(asked).toMatch(/cannot make a new statement of any type for 24 hours: until .+\./)
    await screenshotAtBothWidths(page, 'prst-no-asks-first')
    expect(signed).toEqual([])

    // By keyboard: Escape closes it with nothing signed; asked again, Tab and Enter sign it as it is.
    await page.keyboard.press('Escape')
    await absent(question)
    expect(signed).toEqual([])
    await statement.getByRole('button', { name: 'Sign the statement' }).click()
    await visible(question)
    await tabTo(page, /^Sign as it is$/)
    await page.keyboard.press('Enter')

    // Locked: every screen that names the statement says when it opens again and offers nothing to click.
    const locked = page.getByRole('status').filter({ hasText: 'Available again at' })
    await visible(locked)
    expect(await page.getByRole('main').getByRole('button').count()).toBe(0)
    await screenshotAtBothWidths(page, 'prst-locked')

    await page.goto('/dashboard')
    const row = page.getByRole('region', { name: 'Your checks' }).getByRole('listitem', { name: 'Investor type' })
    await visible(row.getByText(/Investor type: available again at/))
    expect(await row.getByRole('link').count()).toBe(0)
    await visible(page.getByText('Simulated prices (test environment)'))
    await page.getByRole('textbox', { name: 'You pay' }).fill('250')
    await page.getByRole('textbox', { name: 'Wallet address' }).fill(WALLET)
    await page.getByRole('button', { name: 'Buy BTC' }).click()
    await visible(page.getByText(/You cannot start an order yet\. Investor type: available again at/))
    expect(new URL(page.url()).pathname).toBe('/dashboard')
    await screenshotAtBothWidths(page, 'prst-locked-calculator')

    await page.goto('/dashboard-prquest')
    await visible(
      page.getByText(/First comes the investor type statement, which you cannot make again yet\. Available again at/),
    )
    expect(await page.getByRole('link', { name: /investor type/i }).count()).toBe(0)
    await screenshotAtBothWidths(page, 'prst-locked-prquest')
    await context.close()
  }, 300_000)
})
