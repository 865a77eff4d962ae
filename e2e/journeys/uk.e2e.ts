import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// The right answers are known as a person knows them, never learnt from the web (which never has them).
import { UK_ASSESSMENT_KEY } from '../fixtures/uk-assessment-key'
import { type AppServer, startAppServer } from '../support/app-server'
import { lastMessageId, waitForCode } from '../support/mailbox'
import { MOBILE, absent, connectBrowser, newContext, screenshotAtBothWidths, visible } from '../support/browser'
import {
  CUSTOMER_NAME,
  PAYER_NAME,
  WALLET,
  answerSourceOfFunds,
  fillDetails,
  signUpAndConfirm,
} from '../support/customer'

let app: AppServer
let browser: Browser

beforeAll(async () => {
  // An app of its own: this journey moves the server clock (test controls), and asks every UK step, which the shared
  // app leaves out for the journeys that are not about them.
  app = await startAppServer({ env: { JOURNEY_SKIP_STEPS: '' }, logName: 'server-uk.log' })
  browser = await connectBrowser()
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

const WARNING = `${PAYER_NAME}, this is a high-risk investment. How would you feel if you lost the money you're about to invest? Take 2 mins to learn more`

/** Answers every question of the set on show: the right option by the key (a–d in the order shown), or a wrong one. */
async function answerAssessment(page: Page, setId: string, right: boolean) {
  const key = UK_ASSESSMENT_KEY[setId]
  if (!key) throw new Error(`no key for question set ${setId}`)
  const form = page.getByRole('form', { name: 'Cryptoasset questions' })
  await expect.poll(() => form.getByRole('radiogroup').count()).toBe(key.length)
  for (const [index, letter] of [...key].entries()) {
    const question = form.getByRole('radiogroup', { name: new RegExp(`^${index + 1}\\. \\S`) })
    const rightAt = 'abcd'.indexOf(letter)
    await question
      .getByRole('radio')
      .nth(right ? rightAt : (rightAt + 1) % 4)
      .check()
  }
  await form.getByRole('button', { name: 'Send my answers' }).click()
}

// The longest journey (four screens, two attempts, screenshots at both widths): more time than the e2e default.
describe('the UK journey', () => {
  it('a new UK customer reads the warning, signs a statement, passes the assessment, waits 24 hours and buys', async () => {
    const context = await newContext(browser, app.baseUrl, MOBILE)
    const page = await context.newPage()
    const email = await signUpAndConfirm(page, app.baseUrl, 'uk')

    // The checks panel names the UK steps in the regulation's order.
    const panel = page.getByRole('region', { name: 'Your checks' })
    await visible(panel.getByRole('listitem', { name: 'Risk warning' }).getByText('Required'))

    // Trying to buy leads to the risk warning, which needs the full name: the details first, then back.
    await visible(page.getByText('Simulated prices (test environment)'))
    await page.getByRole('textbox', { name: 'You pay' }).fill('250')
    await page.getByRole('textbox', { name: 'Wallet address' }).fill(WALLET)
    await page.getByRole('button', { name: 'Buy BTC' }).click()
    await page.waitForURL('**/dashboard-details')
    await visible(page.getByText('Please give us your details before you go on.'))
    await fillDetails(page)
    await page.getByRole('button', { name: 'Save details' }).click()
    await page.waitForURL('**/dashboard-prk')

    // prk: the personalised warning in a pop-up; Escape closes it without a choice.
    const warning = page.getByRole('dialog', { name: /this is a high-risk investment/ })
    await visible(warning)
    expect((await warning.innerText()).replace(/\s+/g, ' ')).toContain(WARNING)
    const leave = warning.getByRole('button', { name: 'Leave' })
    const go = warning.getByRole('button', { name: 'Continue' })
    // Equal prominence as the browser draws it: same size, weight and colours.
    const look = (button: typeof leave) =>
      button.evaluate((element) => {
        const style = getComputedStyle(element)
        const box = element.getBoundingClientRect()
        return [
          box.width,
          box.height,
          style.fontWeight,
          style.fontSize,
          style.color,
          style.backgroundColor,
          style.borderColor,
        ]
      })
    expect(await look(leave)).toEqual(await look(go))
    await screenshotAtBothWidths(page, 'uk-prk')
    await page.keyboard.press('Escape')
    await absent(warning)
    await visible(page.getByText('You have not made a choice on this visit.', { exact: false }))
    await page.getByRole('button', { name: 'Show the risk warning again' }).click()
    await warning.getByRole('button', { name: 'Take 2 mins to learn more' }).click()
    const summary = page.getByRole('dialog', { name: 'Risk summary' })
    await visible(summary.getByText('What are the key risks?'))
    await screenshotAtBothWidths(page, 'uk-prk-summary')
    await summary.getByRole('button', { name: 'Close risk summary' }).click()
    await warning.getByRole('button', { name: 'Continue' }).click()

    // prst: a restricted investor statement, signed with the typed full name.
    await page.waitForURL('**/dashboard-prst')
    const statement = page.getByRole('form', { name: 'Investor categorisation' })
    await visible(statement)
    await screenshotAtBothWidths(page, 'uk-prst')
    await statement.getByRole('radio', { name: /Restricted investor/ }).check()
    await statement
      .getByRole('radiogroup', { name: /^A\) In the past twelve months/ })
      .getByRole('radio', { name: 'Yes' })
      .check()
    await statement
      .getByRole('radiogroup', { name: /^B\) In the next twelve months/ })
      .getByRole('radio', { name: 'Yes' })
      .check()
    await statement
      .getByRole('textbox', { name: /Type your full name to sign this statement/ })
      .fill(`${CUSTOMER_NAME.first} ${CUSTOMER_NAME.last}`)
    await screenshotAtBothWidths(page, 'uk-prst-filled')
    await statement.getByRole('button', { name: 'Sign the statement' }).click()

    // prquest: a fail with broad reasons only, then a pass on the next set.
    await page.waitForURL('**/dashboard-prquest')
    await visible(page.getByRole('form', { name: 'Cryptoasset questions' }))
    await screenshotAtBothWidths(page, 'uk-prquest')
    await answerAssessment(page, 'A', false)
    await visible(page.getByRole('heading', { name: 'You did not pass this time.' }))
    await screenshotAtBothWidths(page, 'uk-prquest-fail')
    await page.getByRole('button', { name: 'Try again' }).click()
    await visible(page.getByText('This is attempt 2, with different questions.', { exact: false }))
    await answerAssessment(page, 'B', true)
    await visible(page.getByRole('heading', { name: 'You passed.' }))
    await screenshotAtBothWidths(page, 'uk-prquest-pass')
    await page.getByRole('button', { name: 'Go on' }).click()

    // Source of funds, then the cooling-off that started when the customer first asked to buy.
    await page.waitForURL('**/dashboard-sof')
    await answerSourceOfFunds(page)
    await page.waitForURL('**/dashboard-prwait')
    await visible(page.getByText('Your cooling-off period ends on', { exact: false }))
    await visible(page.getByRole('timer'))
    await visible(page.getByText('Development only'))
    await screenshotAtBothWidths(page, 'uk-prwait')

    // The server clock moves 24 hours on (test mode only); then continue or leave.
    const moved = await page.request.post('/test/clock/advance', { data: { seconds: 24 * 3600 } })
    expect(moved.ok()).toBe(true)
    // A day later the session has ended too (24 hours), as it would have for the customer: they log in again.
    await page.reload()
    await page.waitForURL('**/login')
    const since = await lastMessageId(app.baseUrl)
    await page.getByLabel('Email').fill(email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('journey-pass-1')
    await page.getByRole('form', { name: 'Log in' }).locator('button[type="submit"]').click()
    // Signed in again, the customer is back on the page the session ended on (the cooling-off).
    await page.waitForURL(/\/(dashboard-prwait|code)$/)
    if (new URL(page.url()).pathname === '/code') {
      const code = await waitForCode(app.baseUrl, email, since, 'code_login')
      await page.getByLabel('Digit 1').click()
      await page.keyboard.type(code, { delay: 30 })
      await page.waitForURL('**/dashboard-prwait')
    }
    const question = page.getByRole('region', { name: 'Continue or leave' })
    await visible(question.getByText('Your cooling-off period is over. Do you want to continue or leave?'))
    await screenshotAtBothWidths(page, 'uk-prwait-over')
    await question.getByRole('button', { name: 'Continue' }).click()

    // The journey leads on to the last step before an order: the customer agreement, signed in the sandbox (044).
    await page.waitForURL('**/dashboard-disclaimer')
    await page.getByRole('link', { name: 'Read the full agreement' }).click()
    await page.waitForURL('**/dashboard-agr')
    await page.getByRole('link', { name: 'Continue to sign' }).click()
    await page.waitForURL('**/dashboard-agr1')
    const fullName = `${CUSTOMER_NAME.first} ${CUSTOMER_NAME.last}`
    await visible(page.getByText(fullName))
    await page.getByRole('button', { name: 'Go to signing' }).click()
    await page.waitForURL('**/sandbox/esign/sign?envelope=*')
    await page.getByLabel('Type your full name to sign').fill(fullName)
    await page.getByRole('button', { name: 'Sign the agreement' }).click()
    await page.waitForURL('**/dashboard-returnagr')
    await visible(page.getByRole('heading', { level: 1, name: 'Agreement signed' }))
    await page.getByRole('button', { name: 'Continue' }).click()

    // Every step done: back on the calculator with the order as typed, and the order starts.
    await page.waitForURL('**/dashboard')
    await visible(page.getByText('Simulated prices (test environment)'))
    expect(await page.getByRole('textbox', { name: 'You pay' }).inputValue()).toBe('250')
    await page.getByRole('button', { name: 'Buy BTC' }).click()
    await page.waitForURL('**/dashboard-method')
    await visible(page.getByRole('region', { name: 'Your order' }).getByText('250.00 EUR'))
    await context.close()
  }, 400_000)
})
