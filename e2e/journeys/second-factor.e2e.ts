import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppServer, startAppServer } from '../support/app-server'
import { checkedAndKept } from '../support/axe'
import { DESKTOP, connectBrowser, visible } from '../support/browser'
import { signUpAndConfirm } from '../support/customer'
import { messagesTo } from '../support/mailbox'
import { nextTotpCode, totpCode } from '../support/totp'

/**
 * Two-factor sign-in (decision 124) in Chromium: the authenticator app set up from the secret shown in text, then a
 * login with a code computed here; a passkey made by Chromium's virtual authenticator, used at login, alone, and to
 * prove a change. An app of its own: its clock is the real one, which the codes are computed from.
 */
const PASSWORD = 'journey-pass-1'
let app: AppServer
let browser: Browser

beforeAll(async () => {
  app = await startAppServer({ logName: 'second-factor-server.log' })
  browser = await connectBrowser()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

async function logOut(page: Page) {
  await page.goto('/logout')
  await page.waitForURL('**/login')
}

async function passwordStep(page: Page, email: string) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await page.getByRole('form', { name: 'Log in' }).locator('button[type="submit"]').click()
  await visible(page.getByRole('heading', { name: 'Two-factor sign-in' }))
}

/** otp3: the ten codes read from the screen, kept, then on to otp4. */
async function keepRecoveryCodes(page: Page, name: string) {
  await page.waitForURL('**/dashboard-otp3')
  const items = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
  await visible(items)
  const codes = await items.allTextContents()
  expect(codes).toHaveLength(10)
  await checkedAndKept(page, name)
  await page.getByLabel('I have kept these codes somewhere safe').check()
  await page.getByRole('button', { name: 'Done' }).click()
  await page.waitForURL('**/dashboard-otp4')
  return codes
}

describe('two-factor sign-in', () => {
  it('sets up the authenticator app from the secret in text, and logs in with a code computed here', async () => {
    // axe-core is injected into each screen: a context that lets the test's own script past the app's CSP.
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: DESKTOP, bypassCSP: true })
    const page = await context.newPage()
    const email = await signUpAndConfirm(page, app.baseUrl, 'totp')

    await page.goto('/dashAccount')
    const section = page.getByRole('region', { name: 'Two-factor sign-in' })
    await visible(section.getByText('Off'))
    await section.getByRole('link', { name: 'Turn on two-factor sign-in' }).click()
    await page.waitForURL('**/dashboard-otp0')
    await visible(page.getByRole('heading', { name: 'Protect your account with a second step' }))
    await checkedAndKept(page, 'otp0')
    await page.getByLabel('Current password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click()

    await page.waitForURL('**/dashboard-otp1')
    await visible(page.getByRole('img', { name: 'QR code for your authenticator app' }))
    const secret = (await page.getByLabel('Your secret key').textContent())!.replace(/\s+/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await checkedAndKept(page, 'otp1')
    await page.getByRole('link', { name: 'Next: type a code' }).click()

    await page.waitForURL('**/dashboard-otp2')
    await checkedAndKept(page, 'otp2')
    await page.getByLabel(/^Code from your app/).fill(totpCode(secret))
    await page.getByRole('button', { name: 'Turn on' }).click()
    const codes = await keepRecoveryCodes(page, 'otp3')

    await visible(page.getByText('Authenticator app'))
    await visible(page.getByText('10 of 10'))
    await checkedAndKept(page, 'otp4')
    await page.goto('/dashboard-otp5')
    await visible(page.getByText('You have no passkeys yet.'))
    await checkedAndKept(page, 'otp5-empty')
    const mails = await messagesTo(app.baseUrl, email)
    expect(mails.map((mail) => mail.template)).toContain('second_factor_enabled')

    // Log out, log in: the password, then a code of the app's next step.
    await logOut(page)
    await passwordStep(page, email)
    await checkedAndKept(page, 'login-second-factor')
    await page.getByLabel('Authenticator or recovery code').fill(await nextTotpCode(secret))
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL('**/dashboard')

    // Once more with a recovery code, typed as written on paper.
    await logOut(page)
    await passwordStep(page, email)
    await page.getByLabel('Authenticator or recovery code').fill(codes[0]!.toLowerCase())
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL('**/dashboard')
    await context.close()
  }, 180_000)

  it('adds a passkey with the virtual authenticator, logs in with it, alone, and proves a change with it', async () => {
    // A passkey belongs to a host name, never to an address such as 127.0.0.1: the app is opened as localhost.
    const baseURL = app.baseUrl.replace('127.0.0.1', 'localhost')
    const context = await browser.newContext({ baseURL, viewport: DESKTOP, bypassCSP: true })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    })
    const email = await signUpAndConfirm(page, app.baseUrl, 'passkey')

    await page.goto('/dashboard-otp5')
    await page.getByLabel('Name of the new passkey').fill('This laptop')
    await page.getByLabel('Current password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    // The first factor: its recovery codes are shown once.
    await keepRecoveryCodes(page, 'otp3-after-passkey')
    await page.goto('/dashAccount')
    const section = page.getByRole('region', { name: 'Two-factor sign-in' })
    await visible(section.getByText('This laptop'))
    await section.scrollIntoViewIfNeeded()
    await checkedAndKept(page, 'account-two-factor')
    await page.goto('/dashboard-otp5')
    await visible(page.getByRole('list', { name: 'Your passkeys' }).getByText('This laptop'))
    await checkedAndKept(page, 'otp5')
    // The authenticator holds one discoverable passkey, for this host.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials).toHaveLength(1)
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' })

    // The password, then the passkey.
    await logOut(page)
    await passwordStep(page, email)
    await page.getByRole('button', { name: 'Use a passkey' }).click()
    await page.waitForURL('**/dashboard')

    // The passkey alone.
    await logOut(page)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await page.waitForURL('**/dashboard')

    // New recovery codes, proved with the password and the passkey.
    await page.goto('/dashboard-otp4')
    await page.getByLabel('Current password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Use a passkey' }).click()
    await visible(page.getByText('Your passkey confirmed it is you.'))
    await page.getByRole('button', { name: 'Make new recovery codes' }).click()
    await keepRecoveryCodes(page, 'otp3-renewed')
    const mails = (await messagesTo(app.baseUrl, email)).map((mail) => mail.template)
    expect(mails).toEqual(expect.arrayContaining(['second_factor_enabled', 'passkey_added', 'recovery_codes_renewed']))
    await context.close()
  }, 180_000)
})
