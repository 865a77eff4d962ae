import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  DESKTOP,
  MOBILE,
  absent,
  connectBrowser,
  newContext,
  screenshotAtBothWidths,
  visible,
} from '../support/browser'
import { WALLET, answerSourceOfFunds, signUpAndConfirm, tryToBuy } from '../support/customer'
import { operatorBrowser } from '../support/operator'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const checksPanel = (page: Page) => page.getByRole('region', { name: 'Your checks' })

describe('compliance journeys', () => {
  it('a new customer who tries to buy answers the source of funds and comes back to the calculator with the order kept', async () => {
    const context = await newContext(browser, baseUrl, MOBILE)
    const page = await context.newPage()
    await signUpAndConfirm(page, baseUrl, 'sof')

    // The calculator shows what is owed, the source of funds first.
    const panel = checksPanel(page)
    await visible(panel.getByRole('listitem', { name: 'Source of funds' }).getByText('Required'))
    await visible(panel.getByText('Tell us where your money comes from and confirm that it is yours.'))
    // On a phone, what is needed only before coins are sent takes one line, so the calculator stays close.
    await visible(panel.getByText('Your details (required), Identity check (required).', { exact: false }))
    await screenshotAtBothWidths(page, 'checks-panel')

    await tryToBuy(page, '1,250')
    await page.waitForURL('**/dashboard-sof')
    await visible(
      page.getByText('Before your first order we need to know where your money comes from.', { exact: false }),
    )
    await visible(page.getByText('A false declaration is a criminal offence.'))

    // Nothing chosen: every question says what it needs, and the focus goes to the first one.
    await page.getByRole('button', { name: 'Save answers' }).click()
    await visible(page.getByText('Please confirm that you are the beneficial owner of the assets'))
    await visible(page.getByText('Please choose your employment status'))
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.id)).toBe(
      'sof-beneficialOwner',
    )
    await screenshotAtBothWidths(page, 'sof-errors')

    await page.reload()
    await screenshotAtBothWidths(page, 'sof')
    await answerSourceOfFunds(page)

    // Back on the calculator with the order as it was typed; the order now starts.
    await page.waitForURL('**/dashboard')
    await visible(page.getByText('Thank you, your answers are saved.', { exact: false }))
    expect(await page.getByRole('textbox', { name: 'You pay' }).inputValue()).toBe('1,250')
    expect(await page.getByRole('textbox', { name: 'Wallet address' }).inputValue()).toBe(WALLET)
    await absent(checksPanel(page).getByRole('listitem', { name: 'Source of funds' }))
    await screenshotAtBothWidths(page, 'checks-panel-after-sof')
    await page.getByRole('button', { name: 'Buy BTC' }).click()
    await page.waitForURL('**/dashboard-method')
    await visible(page.getByRole('region', { name: 'Your order' }).getByText('1,250.00 EUR'))

    // The answers are kept and shown again; a change would be a new answer.
    await page.goto('/dashboard-sof')
    await visible(page.getByText('You last answered on', { exact: false }))
    expect(await page.getByRole('textbox', { name: /What is your occupation/ }).inputValue()).toBe('Nurse, healthcare')
    await context.close()
  })

  it('a politically exposed customer answers the questionnaire, waits for review, and buys once an operator approves', async () => {
    const context = await newContext(browser, baseUrl, DESKTOP)
    const page = await context.newPage()
    const email = await signUpAndConfirm(page, baseUrl, 'pep')

    // From the menu's checks to the source of funds, declaring a public function.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: /Your checks/ })
      .click()
    await page.waitForURL('**/dashboard-checks')
    await screenshotAtBothWidths(page, 'checks')
    await page.getByRole('link', { name: 'Answer the questions: Source of funds' }).click()
    await page.waitForURL('**/dashboard-sof')
    await answerSourceOfFunds(page, { politicallyExposed: true })

    // The declaration asks for the questionnaire next.
    await page.waitForURL('**/dashboard-quest')
    await visible(page.getByText('Your answers ask for a few more questions before you can buy.', { exact: false }))
    const form = page.getByRole('form', { name: 'Questionnaire' })
    expect(
      await form
        .getByRole('radiogroup', { name: /politically exposed/ })
        .getByRole('radio', { name: 'Yes' })
        .isChecked(),
    ).toBe(true)
    await form.getByRole('button', { name: 'Send answers for review' }).click()
    await visible(form.getByText('Please say who holds the public function, which one and where'))
    await screenshotAtBothWidths(page, 'quest')

    await form
      .getByRole('textbox', { name: /Who holds the public function/ })
      .fill('Myself, member of the cantonal parliament of Zug since 2022')
    await form
      .getByRole('radiogroup', { name: /high-risk or monitored jurisdictions/ })
      .getByRole('radio', { name: 'No' })
      .check()
    await form
      .getByLabel('How did you build your overall wealth?')
      .selectOption({ label: 'Work: salary and savings from it' })
    await form
      .getByRole('textbox', { name: /Please describe how/ })
      .fill('Twenty years as a lawyer; savings of about CHF 300,000.')
    await form.getByRole('button', { name: 'Send answers for review' }).click()
    await visible(page.getByText('Thank you. Your answers are being reviewed.'))
    await visible(page.getByText('Until then, new orders wait', { exact: false }))
    await screenshotAtBothWidths(page, 'quest-review')

    // Being reviewed: the calculator says so and refuses a new order, keeping the amount.
    await page.goto('/dashboard')
    await visible(checksPanel(page).getByRole('listitem', { name: 'Additional questions' }).getByText('Being reviewed'))
    await tryToBuy(page, '300')
    await visible(
      page.getByText('You can buy again once our team has reviewed your additional questions.', { exact: false }),
    )
    expect(new URL(page.url()).pathname).toBe('/dashboard')
    expect(await page.getByRole('textbox', { name: 'You pay' }).inputValue()).toBe('300')
    await screenshotAtBothWidths(page, 'checks-panel-review')

    // An operator approves the answers on the operator page.
    const operatorContext = await operatorBrowser(browser, baseUrl, inject('operator'))
    const operator = await operatorContext.newPage()
    await operator.goto('/operator')
    const review = operator.getByRole('row').filter({ hasText: email })
    await visible(review)
    await review.getByPlaceholder('reason').first().fill('Public function confirmed, wealth plausible')
    await review.getByRole('button', { name: 'Ask to clear' }).click()
    await visible(operator.getByRole('status').getByText('Asked: a second operator'))
    await operatorContext.close()
    // A second operator clears them (four eyes, decision 132).
    const secondContext = await operatorBrowser(browser, baseUrl, inject('secondOperator'))
    const second = await secondContext.newPage()
    await second.goto('/operator')
    const request = second
      .getByRole('row')
      .filter({ hasText: 'Clear enhanced checks' })
      .filter({ hasText: 'Public function confirmed' })
    await request.getByPlaceholder('why you approve').fill('Agreed')
    await request.getByRole('button', { name: 'Approve' }).click()
    await visible(second.getByRole('status').getByText('Approved and done'))
    await secondContext.close()

    // The customer buys.
    await page.reload()
    await visible(page.getByText('Simulated prices (test environment)'))
    await absent(page.getByRole('listitem', { name: 'Additional questions' }))
    await page.getByRole('button', { name: 'Buy BTC' }).click()
    await page.waitForURL('**/dashboard-method')
    await visible(page.getByRole('region', { name: 'Your order' }).getByText('300.00 EUR'))
    await context.close()
  })
})
