import * as WEB_PATHS from '@exchange/shared/web-paths'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, MOBILE, connectBrowser, newContext, screenshotAtBothWidths, visible } from '../support/browser'
import { declareSourceOfFunds, signUpAndConfirm, startOrder } from '../support/customer'
import { lastMessageId, waitForCode } from '../support/mailbox'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const SESSION_ENDED = 'Your session has ended. Please log in again.'

/** Logs in on the form on show; a code is typed if the api asks for one (a browser it does not know). */
async function logIn(page: Page, email: string) {
  const since = await lastMessageId(baseUrl)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('journey-pass-1')
  await page.getByRole('form', { name: 'Log in' }).locator('button[type="submit"]').click()
  await page.waitForURL((url) => url.pathname !== '/login')
  if (new URL(page.url()).pathname === '/code') {
    await page.getByLabel('Digit 1').click()
    await page.keyboard.type(await waitForCode(baseUrl, email, since, 'code_login'), { delay: 30 })
  }
}

/** Ends the page's own session through the api, as "sign out" on another device's list of sessions does. */
async function revokeOwnSession(page: Page) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'jwtToken')?.value
  expect(token).toBeTruthy()
  const headers = { Authorization: `Bearer ${decodeURIComponent(token!)}` }
  const list = (await (
    await page.request.post('/v1/user/listSessions', { data: { brandName: 'Helvex' }, headers })
  ).json()) as { result: boolean; data: { id: string; current: boolean }[] }
  const current = list.data.find((session) => session.current)
  expect(current).toBeDefined()
  const ended = await page.request.post('/v1/user/endSession', {
    data: { brandName: 'Helvex', sessionId: current!.id },
    headers,
  })
  expect(((await ended.json()) as { result: boolean }).result).toBe(true)
}

describe('a returning customer', () => {
  it('logs in to /land and sees their open order; a session ended elsewhere is told so and logs in back to the page', async () => {
    const context = await newContext(browser, baseUrl, DESKTOP)
    const page = await context.newPage()
    const email = await signUpAndConfirm(page, baseUrl, 'returning')
    await declareSourceOfFunds(page)
    const reference = await startOrder(page, 'EUR – Euro', '250')
    await page.goto('/logout')
    await page.waitForURL('**/login')

    // Login leads a customer with an order to /land (decision 125): the order in progress, with the way to go on.
    await logIn(page, email)
    await page.waitForURL('**/land')
    await visible(page.getByRole('heading', { level: 1, name: 'Welcome back' }))
    const order = page.getByRole('region', { name: 'Your order in progress' })
    await visible(order.getByText(reference))
    await visible(order.getByRole('button', { name: 'Continue paying' }))
    await visible(page.getByRole('list', { name: 'Your last orders' }).getByText(`Order ${reference}`))
    await visible(page.getByRole('region', { name: 'Your next step' }))
    expect(await page.title()).toBe('Welcome back – Helvex')
    expect(await page.locator('h1').count()).toBe(1)
    await screenshotAtBothWidths(page, 'land')

    // From the top of the page, Tab reaches the skip link first; it moves the focus to the main content.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content')
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')

    await order.getByRole('button', { name: 'Continue paying' }).click()
    await page.waitForURL(`**/dashboard-method?order=${reference}`)

    // The session ends elsewhere while the customer reads their history; their next click is told why and leads to login.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'History' }).click()
    await page.waitForURL('**/dashboard-history')
    await visible(page.getByRole('heading', { level: 1, name: 'Order history' }))
    await revokeOwnSession(page)
    await page
      .getByRole('button', { name: `Details of order ${reference}` })
      .first()
      .click()
    await page.waitForURL('**/login')
    await visible(page.getByRole('alert').filter({ hasText: SESSION_ENDED }))
    expect(await page.getByText('Something went wrong').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0)
    await screenshotAtBothWidths(page, 'session-ended')

    await logIn(page, email)
    await page.waitForURL('**/dashboard-history')
    await visible(page.getByRole('heading', { level: 1, name: 'Order history' }))
    expect(await page.getByText(SESSION_ENDED).count()).toBe(0)
    await context.close()
  })

  it('every page has exactly one h1 and a document title named by its heading', async () => {
    const context = await newContext(browser, baseUrl, DESKTOP)
    const page = await context.newPage()
    await signUpAndConfirm(page, baseUrl, 'headings')
    // Not pages of the app's own: /logout and /home lead away, /undoemail is the api's page, hostedauth the partner's.
    const paths = (Object.values(WEB_PATHS) as (string | readonly string[])[])
      .flat()
      .filter(
        (path) => ![WEB_PATHS.logout, WEB_PATHS.marketing, WEB_PATHS.undoEmail, WEB_PATHS.hostedAuth].includes(path),
      )
    const wrong: string[] = []
    for (const path of new Set(paths)) {
      await page.goto(path)
      // The page as it settles (a screen loaded on demand, an answer awaited, a step that sends on) until it has one
      // h1 and a title of its own; a page that never gets there is named with what it has.
      const settled = await page
        .waitForFunction(
          () =>
            document.querySelectorAll('h1').length === 1 &&
            document.title.endsWith(' – Helvex') &&
            !document.title.startsWith('Helvex'),
          undefined,
          { timeout: 8_000 },
        )
        .then(() => true)
        .catch(() => false)
      if (!settled) {
        const h1 = await page.locator('h1').count()
        wrong.push(`${path} → ${new URL(page.url()).pathname}: ${h1} h1, "${await page.title()}"`)
      }
    }
    expect(wrong).toEqual([])
    await context.close()
  })

  it('on a phone, a refused form focuses its first invalid field, scrolled into view below the header and the UK warning', async () => {
    const context = await newContext(browser, baseUrl, MOBILE)
    const page = await context.newPage()
    await signUpAndConfirm(page, baseUrl, 'invalidfield')
    await page.goto('/dashboard-details')
    const form = page.getByRole('form', { name: 'Your details' })
    await visible(form)
    await form.locator('button[type="submit"]').scrollIntoViewIfNeeded()
    await form.locator('button[type="submit"]').click()
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true')
    const placed = await page.evaluate(() => {
      const field = document.activeElement!.getBoundingClientRect()
      const header = document.querySelector('header')!.getBoundingClientRect()
      const warning = document.querySelector('[aria-label="Risk warning"]')?.getBoundingClientRect()
      return { top: field.top, bottom: field.bottom, below: Math.max(header.bottom, warning?.bottom ?? 0) }
    })
    expect(placed.top).toBeGreaterThanOrEqual(placed.below)
    expect(placed.bottom).toBeLessThanOrEqual(MOBILE.height)
    expect(await page.evaluate(() => document.activeElement?.closest('form')?.getAttribute('aria-label'))).toBe(
      'Your details',
    )
    await context.close()
  })
})
