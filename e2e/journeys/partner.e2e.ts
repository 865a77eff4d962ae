import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { JWT_COOKIE_NAME } from '@exchange/shared/constants'
import type { Browser, Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, MOBILE, connectBrowser, newContext, screenshotAtBothWidths, visible } from '../support/browser'
import {
  WALLET,
  declareSourceOfFunds,
  proveWallet,
  saveDetailsThroughApi,
  signUpThroughApi,
  verifyIdentity,
} from '../support/customer'
import { eventually, lastMessageId, uniqueEmail, waitForCode } from '../support/mailbox'
import { operatorBrowser } from '../support/operator'
import { payOnSandboxCheckout } from '../support/sandbox-parties'

// The test partner page (/dev/partner) registers "test-partner", shown to customers as "Test Wallet", with this app's
// own address as its return page, embedding origin and notice address.
const baseUrl = inject('baseUrl')
const PARTNER_NAME = 'Test Wallet'
const PASSWORD = 'journey-pass-1'
const CARD_APPROVED = '4242424242424242'
let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** On the test partner page: a way in for `email`, 100.00 EUR of BTC to the journeys' wallet; answers the link. */
async function makeLink(page: Page, email: string): Promise<string> {
  await page.goto('/dev/partner')
  await visible(page.getByRole('heading', { name: 'Test partner (test environment)' }))
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Amount in EUR').fill('100.00')
  await page.getByLabel('Wallet').fill(WALLET)
  await page.getByRole('button', { name: 'Make the link' }).click()
  await visible(page.getByRole('link', { name: 'Open here' }))
  return (await page.locator('#mp-link').innerText()).trim()
}

/**
 * A customer who has an account and has done every step before a payout (source of funds, details, identity, the
 * journeys' wallet proven), made in a browser of their own; answers the e-mail.
 */
async function preparedCustomer(label: string): Promise<string> {
  const context = await newContext(browser, baseUrl, DESKTOP)
  const page = await context.newPage()
  const email = await signUpThroughApi(page, baseUrl, label)
  await declareSourceOfFunds(page)
  await saveDetailsThroughApi(page)
  await verifyIdentity(page)
  await proveWallet(page)
  await context.close()
  return email
}

/** A known customer's sign-in in a visit: the password, then the e-mailed code when this browser is new to them. */
async function logInToVisit(screen: Page | Frame, email: string) {
  await visible(screen.getByRole('form', { name: 'Log in' }))
  await visible(screen.getByText(`${PARTNER_NAME} sent you to Helvex to buy crypto.`))
  await screen.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  const since = await lastMessageId(baseUrl)
  await screen.getByRole('button', { name: 'Login' }).click()
  const code = screen.getByLabel('Digit 1')
  const checkout = screen.getByRole('textbox', { name: 'You pay' })
  await visible(code.or(checkout), 15_000)
  if (await code.isVisible()) {
    await code.click()
    await code.page().keyboard.type(await waitForCode(baseUrl, email, since), { delay: 30 })
  }
}

describe('a partner sends its customer in', () => {
  it('the test partner makes a link; a new customer signs up through it and reaches the partner order', async () => {
    const context = await newContext(browser, baseUrl, DESKTOP)
    const page = await context.newPage()
    const email = uniqueEmail('partner')

    const link = await makeLink(page, email)
    await page.getByRole('link', { name: 'Open here' }).click()

    await visible(page.getByRole('form', { name: 'Create your account' }))
    // The token leaves the address at once.
    expect(page.url()).not.toContain('token=')
    await screenshotAtBothWidths(page, 'partner-signup')
    await page.getByRole('textbox', { name: 'Choose a password', exact: true }).fill(PASSWORD)
    await page.getByRole('checkbox').check()
    const since = await lastMessageId(baseUrl)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await visible(page.getByText('Check your e-mail'))
    await screenshotAtBothWidths(page, 'partner-code')
    await page.getByLabel('Digit 1').click()
    await page.keyboard.type(await waitForCode(baseUrl, email, since), { delay: 30 })

    await page.waitForURL('**/mp-checkout')
    await visible(page.getByText(PARTNER_NAME))
    // The partner's order, prefilled: the amount and the wallet it sent.
    await expect.poll(() => page.getByRole('textbox', { name: 'You pay' }).inputValue()).toBe('100.00')
    expect(await page.getByRole('textbox', { name: 'Wallet address' }).inputValue()).toBe(WALLET)
    await visible(page.getByRole('button', { name: 'Buy BTC' }))
    await screenshotAtBothWidths(page, 'partner-checkout')

    // The link works once: opened again, it says so, and nothing else happens.
    await page.goto(link)
    await visible(page.getByRole('region', { name: 'This link has already been used' }))
    await screenshotAtBothWidths(page, 'partner-link-used')
    await context.close()
  })

  it('a customer comes in top-level, buys with the sandbox card, goes back signed, and the partner gets the notices', async () => {
    const email = await preparedCustomer('partnerbuy')
    const context = await newContext(browser, baseUrl, DESKTOP)
    const page = await context.newPage()
    await makeLink(page, email)
    await page.getByRole('link', { name: 'Open here' }).click()
    await logInToVisit(page, email)

    await page.waitForURL('**/mp-checkout')
    await expect.poll(() => page.getByRole('textbox', { name: 'You pay' }).inputValue()).toBe('100.00')
    await page.getByRole('button', { name: 'Buy BTC' }).click()
    await page.waitForURL('**/mp-method')
    await visible(page.getByRole('heading', { name: 'Choose how to pay' }))
    await visible(page.getByRole('button', { name: 'Card', exact: true }))
    await screenshotAtBothWidths(page, 'partner-method')
    await page.getByRole('button', { name: 'Card', exact: true }).click()
    await page.waitForURL(/\/mp-viban\?order=[A-Z0-9]+$/)
    const reference = new URL(page.url()).searchParams.get('order') ?? ''
    await page.getByRole('button', { name: 'Pay by card' }).click()
    await page.waitForURL(/\/mp-startcc\?order=[A-Z0-9]+$/)
    await page.getByRole('button', { name: 'Pay 100.00 EUR by card' }).click()
    await page.waitForURL('**/sandbox/psp/checkout?session=*')
    await payOnSandboxCheckout(page, CARD_APPROVED)

    // The hosted checkout returns a visit's customer to the twin of the thank-you screen, still in the visit.
    await page.waitForURL(/\/mp-thankyou\?order=[A-Z0-9]+$/)
    await visible(page.getByRole('heading', { name: 'Thank you' }))
    await visible(page.getByRole('region', { name: 'Your order' }).getByText(reference))
    await screenshotAtBothWidths(page, 'partner-thankyou')

    // The way back under the order: to the partner's registered page, signed for its host.
    await page.locator('a[href="/mp-returnog"]').click()
    await page.waitForURL('**/dev/partner/return?**')
    await visible(page.getByText('Signature verified'))
    await visible(page.getByText(reference))
    await screenshotAtBothWidths(page, 'partner-returned')

    // The partner's notice address got the order's changes, each verified with its signing secret.
    const notices = page.getByRole('row').filter({ hasText: 'order.status_changed' })
    const rows = await eventually(
      async () => {
        await page.goto('/dev/partner')
        const received = await notices.allInnerTexts()
        return received.some((row) => row.includes('completed')) ? received : undefined
      },
      () => 'the test partner got no notice of the completed order',
      60_000,
    )
    expect(rows.length).toBeGreaterThanOrEqual(3)
    for (const row of rows) expect(row).toContain('verified')
    expect(rows.join('\n')).not.toContain('not verified')
    await context.close()
  })

  it('in the partner’s frame (375 px): the customer signs in, sees the order, and the way back tells the partner’s page', async () => {
    const context = await newContext(browser, baseUrl, MOBILE)
    const page = await context.newPage()
    const setUp = await context.newPage()
    const email = await signUpThroughApi(setUp, baseUrl, 'partnerframe')
    await setUp.close()
    // A browser of its own: the session cookie of the sign-up is not what the frame uses.
    await context.clearCookies()

    await makeLink(page, email)
    await page.getByRole('link', { name: 'Open in a frame' }).click()
    await page.waitForURL('**/dev/partner/frame?**')
    const frame = page.frameLocator('iframe[title="The exchange"]')
    const framed = page.frames().find((one) => one !== page.mainFrame())
    if (!framed) throw new Error('the partner page shows no frame')
    await logInToVisit(framed, email)
    await expect.poll(() => frame.getByRole('textbox', { name: 'You pay' }).inputValue()).toBe('100.00')
    await screenshotAtBothWidths(page, 'partner-framed-checkout')

    // The header's way back ends the visit; the frame tells its parent and offers a link out of the frame.
    await frame.getByRole('link', { name: `Back to ${PARTNER_NAME}` }).click()
    await visible(page.getByText(/^helvex:return, status left: /))
    const out = frame.getByRole('link', { name: `Back to ${PARTNER_NAME}` })
    expect(await out.getAttribute('target')).toBe('_top')
    await screenshotAtBothWidths(page, 'partner-framed-return')
    await context.close()
  })

  it('a partner an operator registers frames the exchange from its own site; the visit goes on without a cookie, then in a tab of its own', async () => {
    // The partner's site: another host name than the app's (localhost, not 127.0.0.1), so the frame is cross-site:
    // the app's first-party cookie never reaches it, and this Chromium denies it storage.
    const partnerSite = await servePartnerPage()
    const operatorContext = await operatorBrowser(browser, baseUrl, inject('operator'))
    const operator = await operatorContext.newPage()
    const slug = `frame-${Date.now().toString(36)}`
    await operator.goto('/operator/partners')
    await operator.getByLabel(/^Slug/).fill(slug)
    await operator.getByLabel('Name', { exact: true }).fill('Frame Partner')
    await operator.getByLabel(/^Return addresses/).fill(`${partnerSite.origin}/back`)
    await operator.getByLabel(/^Embedding origins/).fill(partnerSite.origin)
    for (const field of ['currency', 'coin', 'amount', 'wallet']) {
      await operator.getByRole('checkbox', { name: field, exact: true }).check()
    }
    await screenshotAtBothWidths(operator, 'operator-partner-register')
    await operator.getByRole('button', { name: 'Register' }).click()
    await visible(operator.getByText(`Partner ${slug} registered`))
    await screenshotAtBothWidths(operator, 'operator-partner')
    await operator.getByRole('button', { name: 'Issue a key' }).click()
    await visible(operator.getByText('Copy it now: it is shown this once.'))
    const key = (await operator.locator('#shown-once').innerText()).trim()
    await operatorContext.close()

    // The partner's server opens a way in for its customer, who is new here.
    const email = uniqueEmail('partnersite')
    const answer = await fetch(`${baseUrl}/v1/partner/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        customerIp: '127.0.0.1',
        fiat: 'eur',
        crypto: 'btc',
        fiatAmount: '150.00',
        walletAddress: WALLET,
        partnerOrderId: 'site-1',
        returnUrl: `${partnerSite.origin}/back`,
      }),
    })
    expect(answer.status).toBe(201)
    partnerSite.frameUrl = ((await answer.json()) as { data: { url: string } }).data.url
    expect(partnerSite.frameUrl.startsWith(`${baseUrl}/mp?`)).toBe(true)

    const context = await newContext(browser, baseUrl, MOBILE)
    const page = await context.newPage()
    await page.goto(partnerSite.origin)
    const framed = await frameOfApp(page)
    await visible(framed.getByRole('form', { name: 'Create your account' }))
    await framed.getByRole('textbox', { name: 'Choose a password', exact: true }).fill(PASSWORD)
    await framed.getByRole('checkbox').check()
    const since = await lastMessageId(baseUrl)
    await framed.getByRole('button', { name: 'Sign Up' }).click()
    await framed.getByLabel('Digit 1').click()
    await page.keyboard.type(await waitForCode(baseUrl, email, since), { delay: 30 })
    await expect.poll(() => framed.getByRole('textbox', { name: 'You pay' }).inputValue()).toBe('150.00')
    await visible(framed.getByText('Frame Partner'))
    // Signed in inside the frame with no session cookie anywhere: the visit's session is kept in the page.
    expect((await context.cookies(baseUrl)).map((cookie) => cookie.name)).not.toContain(JWT_COOKIE_NAME)
    await visible(framed.getByText('Your browser keeps this visit only while this page is open.', { exact: false }))
    await screenshotAtBothWidths(page, 'partner-site-framed-checkout')

    // On to a tab of its own, where the visit and the order go on.
    const opening = context.waitForEvent('page')
    await framed.getByRole('button', { name: 'Continue in a new tab' }).click()
    const tab = await opening
    await tab.waitForURL('**/mp-checkout')
    await expect.poll(() => tab.getByRole('textbox', { name: 'You pay' }).inputValue()).toBe('150.00')
    await visible(framed.getByText('Your visit continues in the new tab.'))
    await screenshotAtBothWidths(tab, 'partner-site-new-tab')
    await context.close()
    await partnerSite.close()
  })
})

/** The partner's own page on another site, framing the link its server got (set once it is made). */
async function servePartnerPage() {
  const site = { origin: '', frameUrl: '', close: () => new Promise<void>((done) => server.close(() => done())) }
  const server: Server = createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width">
<title>Frame Partner</title><style>body{font-family:sans-serif;margin:0}iframe{width:100%;height:90vh;border:0}</style>
</head><body><h1 style="font-size:18px;margin:8px">Frame Partner: buy crypto</h1>
<iframe title="Buy crypto" src="${site.frameUrl.replace(/"/g, '&quot;')}" allow="camera; payment"></iframe></body></html>`)
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  site.origin = `http://localhost:${(server.address() as AddressInfo).port}`
  return site
}

/** The app's frame on a page, once it has loaded. */
async function frameOfApp(page: Page): Promise<Frame> {
  return eventually(
    async () => page.frames().find((one) => one.url().startsWith(baseUrl)),
    () => 'the partner page shows no frame of the app',
  )
}
