import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import mailDe from '../../apps/api/src/modules/mail/locales/de.json'
import mailFr from '../../apps/api/src/modules/mail/locales/fr.json'
import mailIt from '../../apps/api/src/modules/mail/locales/it.json'
import authDe from '../../apps/web/src/features/auth/locales/de.json'
import authFr from '../../apps/web/src/features/auth/locales/fr.json'
import authIt from '../../apps/web/src/features/auth/locales/it.json'
import buyDe from '../../apps/web/src/features/buy/locales/de.json'
import buyFr from '../../apps/web/src/features/buy/locales/fr.json'
import buyIt from '../../apps/web/src/features/buy/locales/it.json'
import ordersDe from '../../apps/web/src/features/orders/locales/de.json'
import ordersFr from '../../apps/web/src/features/orders/locales/fr.json'
import ordersIt from '../../apps/web/src/features/orders/locales/it.json'
import commonDe from '../../apps/web/src/lib/locales/de.json'
import commonFr from '../../apps/web/src/lib/locales/fr.json'
import commonIt from '../../apps/web/src/lib/locales/it.json'
import { DESKTOP, MOBILE, connectBrowser, screenshotAtBothWidths, visible } from '../support/browser'
import { declareSourceOfFunds, keptOrderReference, signUpThroughApi, WALLET } from '../support/customer'
import { lastMessageId, messagesTo, uniqueEmail, waitForCode } from '../support/mailbox'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/**
 * Each language the journey walks (decision 129): the browser's locale, the catalogs its expectations are read from,
 * and how the locale writes the amount typed (250 euros, half a euro more outside German) and a fiat amount.
 */
const LANGUAGES = [
  {
    language: 'de',
    locale: 'de-CH',
    catalogs: { ...commonDe, ...authDe, ...buyDe, ...ordersDe },
    mail: mailDe,
    typed: '250,-',
    written: '250.00 EUR',
  },
  {
    language: 'fr',
    locale: 'fr-CH',
    catalogs: { ...commonFr, ...authFr, ...buyFr, ...ordersFr },
    mail: mailFr,
    typed: '250,50',
    written: '250,50 EUR',
  },
  {
    language: 'it',
    locale: 'it-CH',
    catalogs: { ...commonIt, ...authIt, ...buyIt, ...ordersIt },
    mail: mailIt,
    typed: '250,50',
    written: '250.50 EUR',
  },
] as const

/** A catalog's message with its plain `{name}` values put in and its `<n>` tags left out, as the page shows it. */
const say = (message: string, values: Record<string, string | number> = {}) =>
  message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`)).replace(/<\/?\d+>/g, '')

/** No key of a catalog shows where its text should ("orders.history.title"). */
async function expectNoKeys(page: Page) {
  const text = await page.locator('body').innerText()
  expect(text).not.toMatch(/\b(common|auth|app|screens|orders|buy|journey|ui|orderCopy|errorCopy)\.[a-zA-Z]+\.[\w.]+/)
}

/** What of the page reaches past its right edge, or cuts its own text off: nothing, on every screen. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const found: string[] = []
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}.${Array.from(element.classList).slice(0, 2).join('.')} "${(element.textContent ?? '').trim().slice(0, 50)}"`
    const scrollsSideways = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX
        if ((overflow === 'auto' || overflow === 'scroll') && parent.scrollWidth > parent.clientWidth) return true
      }
      return false
    }
    if (document.documentElement.scrollWidth > width + 1)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide at ${width} px`)
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const style = getComputedStyle(element)
      if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') continue
      const box = element.getBoundingClientRect()
      // Nothing on show, or kept for screen readers only (1 px, clipped).
      if (box.width <= 1 || box.height <= 1 || box.right <= 0) continue
      if (box.right > width + 1 && !scrollsSideways(element)) found.push(`past the edge: ${name(element)}`)
      const clips = style.textOverflow === 'ellipsis' || style.overflowX === 'hidden' || style.overflowX === 'clip'
      if (clips && element.children.length === 0 && element.scrollWidth > element.clientWidth + 1)
        found.push(`cut off: ${name(element)}`)
    }
    return found.slice(0, 20)
  })
}

describe.each(LANGUAGES)(
  'a customer whose browser speaks $locale',
  ({ language, locale, catalogs, mail, typed, written }) => {
    let context: BrowserContext
    afterAll(async () => {
      await context?.close()
    })

    it('signs up, buys as far as the payment page and reads the history in the language, amounts in its format', async () => {
      context = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP, locale })
      const page = await context.newPage()
      const email = uniqueEmail(`lang-${language}`)
      const since = await lastMessageId(baseUrl)

      await page.goto('/signup')
      await visible(page.getByRole('heading', { name: catalogs['auth.signup.title'] }))
      expect(await page.getAttribute('html', 'lang')).toBe(language)
      await expectNoKeys(page)
      await screenshotAtBothWidths(page, `languages-${language}-signup`)
      await page.getByLabel(catalogs['common.email.label']).fill(email)
      await page.getByRole('textbox', { name: catalogs['common.password.label'], exact: true }).fill('journey-pass-1')
      await page.getByRole('checkbox').check()
      await page.getByRole('form', { name: catalogs['auth.signup.form'] }).locator('button[type="submit"]').click()
      await page.waitForURL('**/code')
      await visible(page.getByRole('heading', { name: catalogs['auth.code.title'] }))

      // The code comes by an e-mail in the language the sign-up page spoke.
      const code = await waitForCode(baseUrl, email, since)
      const codeMail = (await messagesTo(baseUrl, email)).find((message) => message.template === 'code_verify_email')
      expect(codeMail?.subject).toBe(say(mail['code.verify.subject'], { code, brand: 'Helvex' }))
      await page.getByLabel(say(catalogs['auth.code.digit'], { position: 1 })).click()
      await page.keyboard.type(code, { delay: 30 })
      await page.waitForURL('**/dashboard')

      await declareSourceOfFunds(page)
      await page.reload()
      await visible(page.getByText(catalogs['buy.simulated']))
      expect(await page.getAttribute('html', 'lang')).toBe(language)
      const amount = page.getByRole('textbox', { name: catalogs['buy.youPay'] })
      if (language === 'de') {
        // "1.000" in Swiss German is a thousand or one: the calculator asks, as it does for "1,000" in English.
        await amount.fill('1.000')
        await visible(page.getByText(say(catalogs['buy.amount.ambiguous'], { typed: '1.000' }).slice(0, 30)))
      }
      await amount.fill(typed)
      await page.getByRole('textbox', { name: catalogs['buy.wallet.label'] }).fill(WALLET)
      await expectNoKeys(page)
      await screenshotAtBothWidths(page, `languages-${language}-calculator`)
      await page.getByRole('button', { name: say(catalogs['buy.submit'], { coin: 'BTC' }) }).click()

      await page.waitForURL('**/dashboard-method')
      await visible(page.getByRole('heading', { name: catalogs['orders.method.heading'] }))
      const summary = page.getByRole('region', { name: catalogs['orders.card.title'] })
      const reference = await keptOrderReference(page)
      await visible(summary.getByText(reference))
      await visible(summary.getByText(written, { exact: false }))
      await expectNoKeys(page)
      await screenshotAtBothWidths(page, `languages-${language}-method`)

      await page.goto('/dashboard-history')
      await visible(page.getByRole('heading', { name: catalogs['orders.history.title'] }))
      await visible(page.getByText(reference))
      await visible(page.getByText(written, { exact: false }))
      await expectNoKeys(page)
      await screenshotAtBothWidths(page, `languages-${language}-history`)
    })
  },
)

describe('the pseudo-language at 375 px', () => {
  it('cuts nothing off and reaches past no edge on the public and signed-in screens', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: MOBILE })
    await context.addInitScript(() => window.localStorage.setItem('language', 'pseudo'))
    const page = await context.newPage()
    const problems: Record<string, string[]> = {}
    const look = async (path: string) => {
      await page.goto(path)
      await visible(page.locator('h1, h2').first())
      // Pseudo-text is accented: its letters show the catalogs arrived (an English heading would have none).
      await visible(
        page
          .locator('main')
          .getByText(/[áéíöü]/)
          .first(),
      )
      const found = await overflowing(page)
      if (found.length > 0) problems[path] = found
      await screenshotAtBothWidths(page, `languages-pseudo${path.replace(/\//g, '-')}`)
    }
    for (const path of ['/login', '/signup']) await look(path)
    await signUpThroughApi(page, baseUrl, 'pseudo')
    await declareSourceOfFunds(page)
    for (const path of [
      '/dashboard',
      '/dashboard-history',
      '/dashboard-checks',
      '/dashboard-wallets',
      '/dashAccount',
      '/dashSupport',
    ])
      await look(path)
    expect(problems).toEqual({})
    await context.close()
  })
})
