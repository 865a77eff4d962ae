import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AGREEMENT_VERSION } from '@exchange/shared/agreement'
import { type AppServer, startAppServer } from '../support/app-server'
import {
  DESKTOP,
  MOBILE,
  connectBrowser,
  newContext,
  screenshot,
  screenshotAtBothWidths,
  visible,
} from '../support/browser'
import { WALLET, declareSourceOfFunds, signUpAndConfirm } from '../support/customer'

let app: AppServer
let browser: Browser

beforeAll(async () => {
  // An app of its own that asks the agreement (the shared one skips it); the UK steps are walked elsewhere.
  ;[app, browser] = await Promise.all([
    startAppServer({
      env: { JOURNEY_SKIP_STEPS: 'uk_risk_warning,uk_categorisation,uk_appropriateness,uk_cooling_off' },
      logName: 'server-agreement.log',
    }),
    connectBrowser(),
  ])
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

describe('the customer agreement', () => {
  it('a customer reaches the agreement, reads it, signs in the sandbox, comes back, downloads the record and buys', async () => {
    const context = await newContext(browser, app.baseUrl, DESKTOP)
    const page = await context.newPage()
    await signUpAndConfirm(page, app.baseUrl, 'agreement')
    await declareSourceOfFunds(page)

    // Buy: refused for the agreement, which opens its key terms with the order kept.
    await page.goto('/dashboard')
    await visible(page.getByText('Simulated prices (test environment)'))
    await page.getByRole('textbox', { name: 'You pay' }).fill('250')
    await page.getByRole('textbox', { name: 'Wallet address' }).fill(WALLET)
    await page.getByRole('button', { name: 'Buy BTC' }).click()
    await page.waitForURL('**/dashboard-disclaimer')
    await visible(page.getByText('Before your order, please read and sign our customer agreement.', { exact: false }))
    await visible(page.getByRole('heading', { level: 1, name: 'Before you buy: our agreement' }))
    await visible(page.getByText(`Version ${AGREEMENT_VERSION}`))
    await screenshotAtBothWidths(page, 'agr-disclaimer')

    await page.getByRole('link', { name: 'Read the full agreement' }).click()
    await page.waitForURL('**/dashboard-agr')
    await visible(page.getByRole('region', { name: '13. Governing law and courts' }))
    await screenshotAtBothWidths(page, 'agr-agreement')

    await page.getByRole('link', { name: 'Continue to sign' }).click()
    await page.waitForURL('**/dashboard-agr1')
    await page.getByLabel('Your full name').fill('Grace Hopper')
    await screenshotAtBothWidths(page, 'agr-confirm')
    await page.getByRole('button', { name: 'Go to signing' }).click()

    // The sandbox signing page: plainly a test environment, with the agreement to read.
    await page.waitForURL('**/sandbox/esign/sign?envelope=*')
    await visible(page.getByText('Sandbox e-signature: test environment.', { exact: false }))
    await visible(page.getByRole('document', { name: 'Agreement' }))
    await page.getByLabel('Type your full name to sign').fill('Grace Hopr')
    await page.getByRole('button', { name: 'Sign the agreement' }).click()
    await visible(page.getByText('The name must be Grace Hopper.'))
    await screenshotAtBothWidths(page, 'agr-sandbox-signing')
    await page.getByLabel('Type your full name to sign').fill('Grace Hopper')
    await page.getByRole('button', { name: 'Sign the agreement' }).click()

    // Back: the return page reads the stored status.
    await page.waitForURL('**/dashboard-returnagr')
    await visible(page.getByRole('heading', { level: 1, name: 'Agreement signed' }))
    await visible(page.getByText('Thank you, Grace Hopper.', { exact: false }))
    await screenshotAtBothWidths(page, 'agr-returned')

    // The signed record, from the account.
    await page.getByRole('link', { name: 'Download your copy' }).click()
    await page.waitForURL('**/dashAccount')
    const card = page.getByRole('region', { name: 'Customer agreement' })
    await visible(card.getByText(`Version ${AGREEMENT_VERSION} (in force), signed by Grace Hopper`, { exact: false }))
    await screenshotAtBothWidths(page, 'agr-account')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: `Download the agreement version ${AGREEMENT_VERSION}` }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`agreement-${AGREEMENT_VERSION}-signed-record.txt`)
    // The browser is shared over a connection (global-setup.ts): the file is saved here before it is read.
    const saved = join(mkdtempSync(join(tmpdir(), 'agreement-')), download.suggestedFilename())
    await download.saveAs(saved)
    const record = readFileSync(saved, 'utf8')
    expect(record).toContain('Signed by typing:   Grace Hopper')
    expect(record).toContain(`Agreement version:  ${AGREEMENT_VERSION}`)
    expect(record).toContain('12. Termination')

    // Now the order starts.
    await page.goto('/dashboard')
    await visible(page.getByText('Simulated prices (test environment)'))
    await page.getByRole('textbox', { name: 'You pay' }).fill('250')
    await page.getByRole('textbox', { name: 'Wallet address' }).fill(WALLET)
    await page.getByRole('button', { name: 'Buy BTC' }).click()
    await page.waitForURL('**/dashboard-method')
    await screenshot(page, 'agr-bought-1280')
    await context.close()
  })

  it('on a phone, declining leads back to the agreement', async () => {
    const context = await newContext(browser, app.baseUrl, MOBILE)
    const page = await context.newPage()
    await signUpAndConfirm(page, app.baseUrl, 'agreement-decline')
    await page.goto('/dashboard-agr1')
    await page.getByLabel('Your full name').fill('Ada Lovelace')
    await page.getByRole('button', { name: 'Go to signing' }).click()
    await page.waitForURL('**/sandbox/esign/sign?envelope=*')
    await page.getByRole('button', { name: 'Decline to sign' }).click()
    await page.waitForURL('**/dashboard-returnagr')
    await visible(page.getByRole('heading', { level: 1, name: 'Agreement not signed' }))
    await screenshot(page, 'agr-declined-375')
    await page.getByRole('link', { name: 'Read the agreement again' }).click()
    await page.waitForURL('**/dashboard-disclaimer')
    await context.close()
  })
})
