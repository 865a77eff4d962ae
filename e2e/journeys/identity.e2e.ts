import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  DESKTOP,
  MOBILE,
  holdCalls,
  connectBrowser,
  newContext,
  screenshotAtBothWidths,
  screenshotFromTop,
  visible,
} from '../support/browser'
import { signUpAndConfirm, confirmDocumentName } from '../support/customer'
import { sendPassportPhoto } from '../support/documents'

const baseUrl = inject('baseUrl')
const BLURRED = 'The document photo is blurred. Please take a sharp photo in good light.'
let browser: Browser

beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function newCustomer(label: string, viewport = DESKTOP) {
  const context = await newContext(browser, baseUrl, viewport)
  const page = await context.newPage()
  const email = await signUpAndConfirm(page, baseUrl, label)
  return { context, page, email }
}

/** Presses Tab until the element with this accessible text has the focus; answers how many presses it took. */
async function tabTo(page: Page, text: string, limit = 40): Promise<number> {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      return element ? (element.getAttribute('aria-label') ?? element.innerText ?? '').trim() : ''
    })
    if (focused === text) return presses
  }
  throw new Error(`"${text}" is not reached with the Tab key`)
}

/** From the start screen, by keyboard, to the sandbox identity provider's page. */
async function startCheckByKeyboard(page: Page) {
  await page.goto('/dashboard-authstart')
  await visible(page.getByRole('heading', { name: 'Verify your identity' }))
  await tabTo(page, 'Start identity check')
  await page.keyboard.press('Enter')
  await page.waitForURL('**/sandbox/idv/verify?applicant=*')
  await visible(page.getByRole('heading', { name: 'Verify your identity' }))
}

describe('identity journeys', () => {
  it('a new customer verifies their identity at the sandbox partner and sends a document', async () => {
    const { context, page, email } = await newCustomer('idv')

    // The dashboard's menu leads to the identity check.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Identity check' }).click()
    await page.waitForURL('**/dashboard-authstart')
    await visible(page.getByRole('heading', { name: 'Verify your identity' }))
    await visible(
      page.getByText('The law requires us to know our customers before we send them crypto.', { exact: false }),
    )
    await screenshotAtBothWidths(page, 'authstart')
    await tabTo(page, 'Start identity check')
    await screenshotFromTop(page, 'authstart-focus-1280')

    // Hold the link a moment so the hand-over screen can be seen.
    const release = await holdCalls(page, '/v1/user/identityStart')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/dashboard-hostedauth')
    await visible(page.getByText("Opening our identity partner's secure page…"))
    await screenshotAtBothWidths(page, 'hostedauth')
    release()

    await page.waitForURL('**/sandbox/idv/verify?applicant=*')
    await visible(page.getByText('This is a test environment.'))
    await visible(page.getByText(email))
    await screenshotAtBothWidths(page, 'sandbox-idv')

    // Back before picking a result: the return page waits for the partner and shows where the check stands.
    await page.goto('/dashboard-returnauth')
    await visible(page.getByText('We are waiting for our identity partner to confirm that your documents arrived.'))
    await visible(page.getByRole('list', { name: 'Progress' }))
    await screenshotAtBothWidths(page, 'returnauth')

    await page.goBack()
    await page.waitForURL('**/sandbox/idv/verify?applicant=*')
    await confirmDocumentName(page, 'Approve the identity')
    await page.getByRole('button', { name: 'Approve the identity' }).click()
    await page.waitForURL('**/dashboard-authend')
    await visible(page.getByRole('heading', { name: 'Your identity is verified' }))
    await visible(page.getByText('Thank you. Your identity check is complete, so you can go on buying crypto.'))
    await screenshotAtBothWidths(page, 'authend-approved')

    // The start screen now leads to the result instead of a new check, and the account page says it is verified.
    await page.goto('/dashboard-authstart')
    await visible(page.getByText('Your identity is already verified.'))
    await page.goto('/dashAccount')
    await visible(page.getByText('Identity check: Verified.'))
    await screenshotAtBothWidths(page, 'account-identity')

    // Documents: from the menu, a PNG by the file picker, then listed and downloadable.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Documents' }).click()
    await page.waitForURL('**/dashboard-uploaddocs')
    await visible(page.getByText('You have not sent any files yet.'))
    await screenshotAtBothWidths(page, 'uploaddocs-empty')
    const sent = await sendPassportPhoto(page)

    // A text file named like a photo is refused by its bytes, in words.
    await page.getByTestId('file-picker').setInputFiles({
      name: 'selfie.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('not a photo at all'),
    })
    await visible(
      page.getByText('Only JPEG, PNG or PDF files can be uploaded. This file is none of these, whatever its name.'),
    )
    await screenshotAtBothWidths(page, 'uploaddocs-sent')

    const download = page.waitForEvent('download')
    await sent.getByRole('button', { name: 'Download passport.png' }).click()
    expect((await download).suggestedFilename()).toBe('passport.png')
    expect(await sent.getByRole('listitem').count()).toBe(1)
    await context.close()
  })

  it('a resubmission request (375 px) shows the partner’s words and leads back to send again', async () => {
    const { context, page } = await newCustomer('idvretry', MOBILE)
    await startCheckByKeyboard(page)
    await page.getByLabel('What must be sent again').selectOption('BAD_PROOF_OF_IDENTITY')
    await page.getByRole('button', { name: 'Ask to send again' }).click()

    await page.waitForURL('**/dashboard-authend')
    await visible(page.getByRole('heading', { name: 'Please send your documents again' }))
    await visible(page.getByText(BLURRED))
    await screenshotAtBothWidths(page, 'authend-resubmission')
    await page.getByRole('link', { name: 'Send documents again' }).click()
    await page.waitForURL('**/sandbox/idv/verify?applicant=*')
    await confirmDocumentName(page, 'Approve the identity')
    await page.getByRole('button', { name: 'Approve the identity' }).click()
    await page.waitForURL('**/dashboard-authend')
    await visible(page.getByRole('heading', { name: 'Your identity is verified' }))
    await context.close()
  })

  it('a final rejection (375 px) gives the reason and the way to support', async () => {
    const { context, page } = await newCustomer('idvreject', MOBILE)
    await startCheckByKeyboard(page)
    await page.getByLabel('Reason').selectOption('SELFIE_MISMATCH')
    await page.getByRole('button', { name: 'Reject (final)' }).click()

    await page.waitForURL('**/dashboard-authend')
    await visible(page.getByRole('heading', { name: 'We could not verify your identity' }))
    await visible(page.getByText('The selfie does not match the photo on the document.'))
    await visible(page.getByRole('link', { name: 'Contact support' }))
    await screenshotAtBothWidths(page, 'authend-rejected')
    await context.close()
  })
})
