import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, MOBILE, absent, connectBrowser, newContext, screenshot, visible } from '../support/browser'
import { signUpAndConfirm } from '../support/customer'
import { lastMessageId, messagesTo, uniqueEmail, waitForCode } from '../support/mailbox'

/** Every layout shift from the start of each page of the context, as Chromium reports them for CLS. */
async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts: { value: number; hadRecentInput: boolean }[] = []
    Object.assign(window, { layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push(entry as unknown as (typeof shifts)[number])
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** The page's cumulative layout shift so far: the shifts no input caused, added up. */
async function layoutShiftSum(page: Page): Promise<number> {
  return page.evaluate(() =>
    (window as unknown as { layoutShifts: { value: number; hadRecentInput: boolean }[] }).layoutShifts
      .filter((entry) => !entry.hadRecentInput)
      .reduce((sum, entry) => sum + entry.value, 0),
  )
}

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Presses the submit button of the form with that accessible name. */
async function submit(page: Page, form: string) {
  await page.getByRole('form', { name: form }).locator('button[type="submit"]').click()
}

/** Types the code into the five boxes the way a person does: one digit after another. */
async function typeCode(page: Page, code: string) {
  await page.getByLabel('Digit 1').click()
  await page.keyboard.type(code, { delay: 30 })
}

async function signUp(page: Page, email: string, password: string) {
  await page.goto('/signup')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('checkbox').check()
  await submit(page, 'Sign up')
  await page.waitForURL('**/code')
}

async function jwtCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'jwtToken')
}

/** Signs up and confirms in a browser of its own; answers the credentials. */
async function registeredCustomer(label: string) {
  const context = await newContext(browser, baseUrl)
  const page = await context.newPage()
  const email = uniqueEmail(label)
  const password = 'journey-pass-1'
  const since = await lastMessageId(baseUrl)
  await signUp(page, email, password)
  await typeCode(page, await waitForCode(baseUrl, email, since))
  await page.waitForURL('**/dashboard')
  await context.close()
  return { email, password }
}

describe('account journeys', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`at ${viewport.width} px: signs up, reads the code from the mailbox and lands on the dashboard`, async () => {
      const context = await newContext(browser, baseUrl, viewport)
      const page = await context.newPage()
      const email = uniqueEmail(`signup${viewport.width}`)
      await page.goto('/')
      await visible(page.getByText('Welcome to'))
      await visible(page.getByText('Fast and Simple Crypto Exchange'))
      await screenshot(page, `welcome-signup-${viewport.width}`)

      const since = await lastMessageId(baseUrl)
      await signUp(page, email, 'journey-pass-1')
      await visible(page.getByText(email))
      await screenshot(page, `code-${viewport.width}`)

      await typeCode(page, await waitForCode(baseUrl, email, since))
      await page.waitForURL('**/dashboard')
      await visible(page.getByRole('heading', { name: /Hello/ }))
      await visible(page.getByText(email).first())
      const cookie = await jwtCookie(context)
      expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict' })
      await screenshot(page, `dashboard-${viewport.width}`)
      await context.close()
    })
  }

  it('shows the form messages of the spec', async () => {
    const context = await newContext(browser, baseUrl, MOBILE)
    const page = await context.newPage()
    await page.goto('/signup')
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('123')
    await submit(page, 'Sign up')
    await visible(page.getByText('E-mail must be valid'))
    await visible(page.getByText('Password must be at least 6 characters'))
    await visible(page.getByText('You must accept the terms and conditions'))
    await screenshot(page, 'signup-errors-375')
    await context.close()
  })

  it('tells a registered e-mail to log in instead', async () => {
    const customer = await registeredCustomer('twice')
    const context = await newContext(browser, baseUrl)
    const page = await context.newPage()
    await page.goto('/signup')
    await page.getByLabel('Email').fill(customer.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('another-pass')
    await page.getByRole('checkbox').check()
    await submit(page, 'Sign up')
    await visible(page.getByRole('alert').filter({ hasText: 'Email already registered, please login' }))
    await context.close()
  })

  it('sends an unconfirmed customer who logs in to /code, where a wrong code shows the message', async () => {
    const context = await newContext(browser, baseUrl)
    const page = await context.newPage()
    const email = uniqueEmail('unconfirmed')
    await signUp(page, email, 'journey-pass-1')
    await context.clearCookies()

    const fresh = await newContext(browser, baseUrl)
    const login = await fresh.newPage()
    await login.goto('/login')
    await login.getByLabel('Email').fill(email)
    await login.getByRole('textbox', { name: 'Password', exact: true }).fill('journey-pass-1')
    await submit(login, 'Log in')
    await login.waitForURL('**/code')

    const right = await waitForCode(baseUrl, email)
    await typeCode(login, right === '00000' ? '11111' : '00000')
    await visible(login.getByRole('alert').filter({ hasText: 'Please check code and try again' }))
    await screenshot(login, 'code-wrong-1280')
    expect(login.url()).toContain('/code')
    await context.close()
    await fresh.close()
  })

  it('pasting the five digits fills every box and signs in', async () => {
    const context = await newContext(browser, baseUrl)
    const page = await context.newPage()
    const email = uniqueEmail('paste')
    const since = await lastMessageId(baseUrl)
    await signUp(page, email, 'journey-pass-1')
    const code = await waitForCode(baseUrl, email, since)
    await page.getByLabel('Digit 1').focus()
    await page.evaluate((text) => {
      const data = new DataTransfer()
      data.setData('text/plain', text)
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      )
    }, code)
    await page.waitForURL('**/dashboard')
    await context.close()
  })

  it('asks a customer who wants the code again at once to wait the 30 seconds out', async () => {
    const context = await newContext(browser, baseUrl)
    const page = await context.newPage()
    const email = uniqueEmail('resend')
    await signUp(page, email, 'journey-pass-1')
    await waitForCode(baseUrl, email)
    await page.getByRole('button', { name: 'Code not received?' }).click()
    await visible(page.getByRole('alert').filter({ hasText: 'Please wait 30 seconds before asking for another code' }))
    // In place of the link, the time the api gave.
    await visible(page.getByText(/^You can ask for a new code at \d\d:\d\d:\d\d$/))
    await absent(page.getByRole('button', { name: 'Code not received?' }))
    expect(await messagesTo(baseUrl, email)).toHaveLength(1)
    await context.close()
  })

  it('a browser that never confirmed a code gets one at login; the code signs in', async () => {
    const customer = await registeredCustomer('newdevice')
    const context = await newContext(browser, baseUrl)
    const page = await context.newPage()
    const since = await lastMessageId(baseUrl)
    await page.goto('/login')
    await page.getByLabel('Email').fill(customer.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(customer.password)
    await submit(page, 'Log in')
    await page.waitForURL('**/code')
    await typeCode(page, await waitForCode(baseUrl, customer.email, since, 'code_login'))
    await page.waitForURL('**/dashboard')

    // The same browser is known now: the next login goes straight to the dashboard.
    await page.goto('/logout')
    await page.waitForURL('**/login')
    await page.getByLabel('Email').fill(customer.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(customer.password)
    await submit(page, 'Log in')
    await page.waitForURL('**/dashboard')
    await context.close()
  })

  it('forgot password: reset code, new password field after a second, countdown to login, login with the new password', async () => {
    const customer = await registeredCustomer('reset')
    const context = await newContext(browser, baseUrl)
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByRole('button', { name: /Forgot password/ }).click()
    await visible(page.getByText('Please enter email'))

    const since = await lastMessageId(baseUrl)
    await page.getByLabel('Email').fill(customer.email)
    await page.getByRole('button', { name: /Forgot password/ }).click()
    await page.waitForURL('**/resetpass')
    // The code is made by a job after the answer; the screen already says when another may be asked for.
    await visible(page.getByText(/^You can ask for a new code at \d\d:\d\d:\d\d$/))
    const code = await waitForCode(baseUrl, customer.email, since, 'code_reset')

    await typeCode(page, code === '00000' ? '11111' : '00000')
    await visible(page.getByRole('alert').filter({ hasText: 'Seems like the wrong code. Please try again' }))
    await typeCode(page, code)
    await visible(page.getByRole('textbox', { name: 'New password', exact: true }))
    await absent(page.getByLabel('Digit 1'))
    await screenshot(page, 'reset-new-password-1280')
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('brand-new-pass')
    await page.getByRole('button', { name: 'Set new password' }).click()

    await page.waitForURL('**/redirect')
    await visible(
      page
        .getByRole('link', { name: 'Login' })
        .or(page.getByRole('button', { name: 'Login' }))
        .first(),
    )
    await screenshot(page, 'redirect-1280')
    await page.waitForURL('**/login', { timeout: 8_000 })

    const mails = await messagesTo(baseUrl, customer.email)
    expect(mails[0]?.template).toBe('password_changed')

    await page.getByLabel('Email').fill(customer.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('brand-new-pass')
    await submit(page, 'Log in')
    // This browser never confirmed a code, so the login asks for one (docs/decisions/002).
    await page.waitForURL('**/code')
    await typeCode(page, await waitForCode(baseUrl, customer.email, since, 'code_login'))
    await page.waitForURL('**/dashboard')
    await visible(page.getByRole('heading', { name: /Hello/ }))
    await context.close()
  })

  it('log out clears the session in the browser and the old token is refused by the api', async () => {
    const context = await newContext(browser, baseUrl)
    const page = await context.newPage()
    const email = uniqueEmail('logout')
    const since = await lastMessageId(baseUrl)
    await signUp(page, email, 'journey-pass-1')
    await typeCode(page, await waitForCode(baseUrl, email, since))
    await page.waitForURL('**/dashboard')
    const token = (await jwtCookie(context))?.value
    expect(token).toBeTruthy()
    const before = await fetch(`${baseUrl}/v1/user/getGross`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ brandName: 'Helvex' }),
    })
    expect(before.status).toBe(200)

    await page.getByRole('link', { name: 'Log Out' }).first().click()
    await page.waitForURL('**/login')
    expect(await jwtCookie(context)).toBeUndefined()
    expect(await page.evaluate(() => window.localStorage.getItem('lastOrder'))).toBeNull()
    await visible(page.getByRole('navigation', { name: 'Main' }).getByText('Sign Up'))

    const after = await fetch(`${baseUrl}/v1/user/getGross`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ brandName: 'Helvex' }),
    })
    expect(after.status).toBe(401)
    await page.goto('/dashboard')
    await page.waitForURL('**/login')
    await context.close()
  })

  it('shows the UK risk warning 1.5 s after the home view loads; its link opens the risk summary', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const context = await newContext(browser, baseUrl, viewport)
      // Both moments are taken by the page's own clock as the elements appear, so a slow machine cannot make the
      // banner look early (a timer never fires before its time; a test-side clock can start late).
      await context.addInitScript(() => {
        const seen: { home?: number; banner?: number } = {}
        Object.assign(window, { seenAt: seen })
        // The banner keeps its place from the first paint, unseen (decision 051): it is shown when it says so.
        new MutationObserver(() => {
          seen.home ??= document.querySelector('[data-layout]') ? performance.now() : undefined
          seen.banner ??= document.querySelector('[aria-label="Risk warning"][data-shown="true"]')
            ? performance.now()
            : undefined
        }).observe(document, { childList: true, subtree: true, attributes: true })
      })
      const page = await context.newPage()
      await page.goto('/')
      const banner = page.getByRole('region', { name: 'Risk warning' })
      await visible(banner)
      const seen = await page.evaluate(() => (window as unknown as { seenAt: { home: number; banner: number } }).seenAt)
      // The observer notes the home view when its callback runs, which on a busy machine can be some tens of ms after
      // the view mounted and its 1.5 s timer started: 1.4 s still tells a delayed banner from one shown at once.
      expect(seen.banner - seen.home).toBeGreaterThanOrEqual(1_400)
      expect(await banner.textContent()).toContain(
        "Don't invest unless you're prepared to lose all the money you invest.",
      )
      await absent(banner.getByRole('button', { name: /close/i }))
      await screenshot(page, `uk-banner-${viewport.width}`)
      await banner.getByText('Take 2 mins to learn more').click()
      const summary = page.getByRole('dialog')
      await visible(summary.getByText('What are the key risks?'))
      expect(await summary.textContent()).toContain('Estimated reading time: 2 min')
      expect(await summary.textContent()).toContain('What are the key risks?')
      await screenshot(page, `uk-summary-${viewport.width}`)
      await context.close()
    }
  })

  it('at 375 px the UK warning appears without moving anything: layout shift at most 0.02, the form where it was', async () => {
    const context = await newContext(browser, baseUrl, MOBILE)
    await recordLayoutShifts(context)
    const page = await context.newPage()
    await page.goto('/login')
    const form = page.getByRole('form', { name: 'Log in' })
    await visible(form)
    const before = await form.boundingBox()
    const banner = page.getByRole('region', { name: 'Risk warning' })
    await visible(banner)
    // Two frames after the banner shows: whatever it moved has been laid out and reported by then.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    const after = await form.boundingBox()
    expect(after).toEqual(before)
    const shift = await layoutShiftSum(page)
    expect(shift).toBeLessThanOrEqual(0.02)
    // The warning covers nothing of the form: it sits above it, under the header.
    const warning = await banner.boundingBox()
    expect(warning!.y).toBeGreaterThanOrEqual(64)
    expect(warning!.y + warning!.height).toBeLessThanOrEqual(before!.y)
    await screenshot(page, 'uk-banner-login-375')
    await context.close()
  })

  it('at 375 px the dashboard loads without moving anything: warning, account and calculator, layout shift at most 0.02', async () => {
    const context = await newContext(browser, baseUrl, MOBILE)
    const page = await context.newPage()
    await signUpAndConfirm(page, baseUrl, 'dashboard-shift')
    // A fresh load of the signed-in dashboard, every layout shift from its start as Chromium reports them for CLS.
    await recordLayoutShifts(context)
    await page.goto('/dashboard')
    await visible(page.getByRole('textbox', { name: 'You pay' }))
    await visible(page.getByText('Simulated prices (test environment)'))
    await visible(page.getByRole('region', { name: 'Risk warning' }))
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    const shift = await layoutShiftSum(page)
    expect(shift).toBeLessThanOrEqual(0.02)
    // The footer waits below the first view.
    const footer = await page.getByRole('link', { name: 'IP geolocation by DB-IP' }).boundingBox()
    expect(footer!.y).toBeGreaterThanOrEqual(MOBILE.height)
    await context.close()
  })

  it('the dashboard loaded signed in shows its UK warning before it downloads the layout and the calculator', async () => {
    const context = await newContext(browser, baseUrl, MOBILE)
    const page = await context.newPage()
    await signUpAndConfirm(page, baseUrl, 'dashboard-warning-first')
    // The page's largest paints as Chromium reports them (a fresh load, no input yet): when each reached the screen.
    await context.addInitScript(() => {
      const paints: { startTime: number; text: string }[] = []
      Object.assign(window, { largestPaints: paints })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
          paints.push({ startTime: entry.startTime, text: entry.element?.textContent ?? '' })
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true })
    })
    await page.goto('/dashboard')
    await visible(page.getByRole('textbox', { name: 'You pay' }))
    const { paints, downloads } = await page.evaluate(() => ({
      paints: (window as unknown as { largestPaints: { startTime: number; text: string }[] }).largestPaints,
      downloads: performance
        .getEntriesByType('resource')
        .filter((entry) =>
          /\/assets\/(mantine|vendor|dashboard-libraries|dashboard-layout-route|calculator-route)-/.test(entry.name),
        )
        .map((entry) => ({ file: entry.name.replace(/^.*\/assets\//, ''), startTime: entry.startTime })),
    }))
    expect(paints[0]?.text).toContain("Don't invest unless you're prepared to lose all the money you invest.")
    // File names end in a seven-character hash (apps/web/vite.config.ts).
    expect(downloads.map((download) => download.file.replace(/-[\w-]{7}\.(js|css)$/, '.$1')).sort()).toEqual([
      'calculator-route.js',
      'dashboard-layout-route.js',
      'dashboard-libraries.js',
      'mantine.css',
      'mantine.js',
      'vendor.js',
    ])
    for (const download of downloads) expect(download.startTime).toBeGreaterThan(paints[0]!.startTime)
    await context.close()
  })

  it('shows a not-found page for an unknown path', async () => {
    const context = await newContext(browser, baseUrl, MOBILE)
    const page = await context.newPage()
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(200)
    await visible(page.getByText(/not found/i).first())
    await screenshot(page, 'not-found-375')
    await context.close()
  })
})
