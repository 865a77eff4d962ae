import { JWT_COOKIE_NAME } from '@exchange/shared/constants'
import type { Page } from 'playwright-core'
import { DESKTOP, visible } from './browser'
import { eventually, lastMessageId, messagesTo, uniqueEmail, waitForCode } from './mailbox'
import { BTC_WALLET, bitcoinSign } from './wallet'

/** A name that the sandbox bank's payer-name check matches against the customer's details. */
export const CUSTOMER_NAME = { first: 'Grace', last: 'Hopper' } as const
export const PAYER_NAME = `${CUSTOMER_NAME.first} ${CUSTOMER_NAME.last}`
/** The rest of the journeys' customer details, in Switzerland (typed on the details screen or sent by the api). */
const CUSTOMER_ADDRESS = {
  address: 'Bahnhofstrasse 1',
  city: 'Zürich',
  postal: '8001',
  phone: '+41 44 668 18 00',
} as const
/** The journeys' bitcoin wallet (a key `wallet.ts` holds): a customer proves it, so a paid order goes on to completed. */
export const WALLET = BTC_WALLET

/** Signs up and confirms in this page the way a person does it (code from the outbox, typed digit by digit). */
export async function signUpAndConfirm(page: Page, baseUrl: string, label: string): Promise<string> {
  const email = uniqueEmail(label)
  const since = await lastMessageId(baseUrl)
  await page.goto('/signup')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('journey-pass-1')
  await page.getByRole('checkbox').check()
  await page.getByRole('form', { name: 'Sign up' }).locator('button[type="submit"]').click()
  await page.waitForURL('**/code')
  const code = await waitForCode(baseUrl, email, since)
  await page.getByLabel('Digit 1').click()
  await page.keyboard.type(code, { delay: 30 })
  await page.waitForURL('**/dashboard')
  return email
}

/** Calls a public api call as the web app does; answers its body, or fails naming the call and the refusal. */
async function callPublic(baseUrl: string, name: string, payload: object) {
  const answer = await fetch(`${baseUrl}/v1/public/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ brandName: 'Helvex', ...payload }),
  })
  const body = (await answer.json()) as {
    result: boolean
    data?: { token?: string; company?: { name: string; address: string } }
  }
  if (!body.result) throw new Error(`${name} refused: ${JSON.stringify(body)}`)
  return body
}

/**
 * A customer signed up and confirmed through the api and the dev outbox, the company agreed to as the brand names it
 * (what the sign-up form sends); answers the e-mail and the session token.
 */
export async function signedUpThroughApi(baseUrl: string, label: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(label)
  const since = await lastMessageId(baseUrl)
  const company = (await callPublic(baseUrl, 'getBrand', {})).data?.company
  // The sign-up form sends the company's name and address, nothing else of the brand's company.
  const companyDetails = company && { name: company.name, address: company.address }
  await callPublic(baseUrl, 'homesignup', { email, password: 'journey-pass-1', token: 'DIRECT', companyDetails })
  const verified = await callPublic(baseUrl, 'verifycode', { email, code: await waitForCode(baseUrl, email, since) })
  const token = verified.data?.token
  if (!token) throw new Error('verifycode answered no token')
  return { email, token }
}

/**
 * Signs up and confirms through the api, then gives the page's browser the session the code screen would have set
 * (the page itself stays where it is): for journeys about something after sign-up. `signUpAndConfirm` walks the
 * screens, and the account journey every one of them.
 */
export async function signUpThroughApi(page: Page, baseUrl: string, label: string): Promise<string> {
  const { email, token } = await signedUpThroughApi(baseUrl, label)
  await page
    .context()
    .addCookies([{ name: JWT_COOKIE_NAME, value: encodeURIComponent(token), url: baseUrl, sameSite: 'Strict' }])
  return email
}

/** Calls a signed-in api call with the page's session, as the web app does; fails naming the call and the refusal. */
async function callAsCustomer(page: Page, name: string, payload: object): Promise<void> {
  const answer = await page.request.post(`/v1/user/${name}`, {
    data: { brandName: 'Helvex', ...payload },
    headers: await bearerOf(page),
  })
  const body = (await answer.json()) as { result: boolean }
  if (!body.result) throw new Error(`${name} refused: ${JSON.stringify(body)}`)
}

/** Saves the customer's details (CUSTOMER_NAME, CUSTOMER_ADDRESS) through the api, as the details screen sends them. */
export async function saveDetailsThroughApi(page: Page): Promise<void> {
  await callAsCustomer(page, 'saveClientDetails', {
    firstName: CUSTOMER_NAME.first,
    lastName: CUSTOMER_NAME.last,
    ...CUSTOMER_ADDRESS,
    country: 'CH',
  })
}

async function bearerOf(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === JWT_COOKIE_NAME)?.value
  if (!token) throw new Error('the page has no session cookie')
  return { authorization: `Bearer ${token}` }
}

/** Source-of-funds answers of an ordinary customer: salary, no public function, no high-risk ties. */
const ORDINARY_SOURCE_OF_FUNDS = {
  beneficialOwner: true,
  employmentStatus: 'employed',
  occupation: 'Software engineer, banking',
  incomeBand: '50k_100k',
  fundsOrigin: 'salary',
  purpose: 'investment',
  expectedYearlyVolume: '1k_10k',
  politicallyExposed: false,
  highRiskCountryTies: false,
} as const

/**
 * Declares the source of funds through the api, for journeys about something else: every new customer owes it before
 * the first order (decision 036). The `sof` screen itself is walked through in the compliance journey.
 */
export async function declareSourceOfFunds(page: Page): Promise<void> {
  await callAsCustomer(page, 'saveSourceOfFunds', { answers: ORDINARY_SOURCE_OF_FUNDS })
}

/**
 * Answers the `sof` screen on show the way a person does (labels, the phone's pickers, the keyboard for the yes/no
 * answers), then saves. `politicallyExposed` declares a public function, which asks for the questionnaire next.
 */
export async function answerSourceOfFunds(page: Page, { politicallyExposed = false } = {}): Promise<void> {
  const form = page.getByRole('form', { name: 'Source of funds' })
  await visible(form)
  await form.getByRole('checkbox', { name: 'I am the beneficial owner of the assets' }).check()
  await form.getByLabel('What is your employment status?').selectOption({ label: 'Employed' })
  await form.getByRole('textbox', { name: /What is your occupation/ }).fill('Nurse, healthcare')
  await form.getByLabel(/What is your yearly income/).selectOption({ label: '50,000 to 100,000' })
  await form.getByLabel('Where does the money you will use come from?').selectOption({ label: 'Salary or wages' })
  await form.getByLabel('What do you mainly want to use our service for?').selectOption({ label: 'Saving' })
  await form.getByLabel('How much do you expect to buy with us in a year?').selectOption({ label: '1,000 to 10,000' })
  await form
    .getByRole('radiogroup', { name: /politically exposed person/ })
    .getByRole('radio', { name: politicallyExposed ? 'Yes' : 'No' })
    .check()
  await form
    .getByRole('radiogroup', { name: /high-risk or monitored jurisdictions/ })
    .getByRole('radio', { name: 'No' })
    .check()
  await form.getByRole('button', { name: 'Save answers' }).click()
}

/** Types the customer's details (with CUSTOMER_NAME) into the details form on screen, the way a person fills it. */
export async function fillDetails(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'First name' }).fill(CUSTOMER_NAME.first)
  await page.getByRole('textbox', { name: 'Last name' }).fill(CUSTOMER_NAME.last)
  await page.getByRole('textbox', { name: 'Address' }).fill(CUSTOMER_ADDRESS.address)
  await page.getByRole('textbox', { name: 'City' }).fill(CUSTOMER_ADDRESS.city)
  await page.getByRole('textbox', { name: 'Postal code' }).fill(CUSTOMER_ADDRESS.postal)
  await page.getByRole('combobox', { name: 'Country' }).fill('Switz')
  await page.getByRole('option', { name: 'Switzerland' }).click()
  await page.getByRole('textbox', { name: 'Phone' }).fill(CUSTOMER_ADDRESS.phone)
}

/** Saves the customer's details (with CUSTOMER_NAME) on /dashboard-details. */
export async function saveDetails(page: Page): Promise<void> {
  await page.goto('/dashboard-details')
  await fillDetails(page)
  await page.getByRole('button', { name: 'Save details' }).click()
  await visible(page.getByText('Details saved'))
}

/**
 * The customer's identity check, done as a tester does it in the sandbox: the check is started for the signed-in
 * customer, the sandbox provider's hosted page is opened and "Approve the identity" clicked; its signed notice reaches
 * the api, which pays out the orders that waited for it.
 */
export async function verifyIdentity(page: Page): Promise<void> {
  const started = await page.request.post('/v1/user/identityStart', {
    data: { brandName: 'Helvex' },
    headers: await bearerOf(page),
  })
  const { data } = (await started.json()) as { data: { verificationUrl: string } }
  await page.goto(data.verificationUrl)
  await visible(page.getByText('This is a test environment.'))
  await confirmDocumentName(page, 'Approve the identity')
  await page.getByRole('button', { name: 'Approve the identity' }).click()
  await page.waitForURL('**/dashboard-returnauth')
}

/**
 * On the sandbox identity page, the name on the "document" for the result `button` picks: the page offers the
 * customer's declared name; a customer who declared none yet is given CUSTOMER_NAME, as their details will say.
 */
export async function confirmDocumentName(page: Page, button: 'Approve the identity' | 'Leave for manual review') {
  const form = page.locator('form', { has: page.getByRole('button', { name: button }) })
  const first = form.getByLabel('First name(s) on the document')
  const last = form.getByLabel('Last name on the document')
  if ((await first.inputValue()) === '') await first.fill(CUSTOMER_NAME.first)
  if ((await last.inputValue()) === '') await last.fill(CUSTOMER_NAME.last)
}

async function tokenOf(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === JWT_COOKIE_NAME)?.value
}

/**
 * Proves the journeys' bitcoin wallet through the api, as the wallet screen does it (message asked for, signed with the
 * key, sent back): for journeys about something else whose orders are delivered. `wallet.e2e.ts` does it on screen.
 */
export async function proveWallet(page: Page): Promise<void> {
  const headers = { authorization: `Bearer ${await tokenOf(page)}` }
  const issued = await page.request.post('/v1/user/walletChallenge', {
    data: { brandName: 'Helvex', wallet: { crypto: 'btc', address: WALLET } },
    headers,
  })
  const { data } = (await issued.json()) as { data: { challengeId: string; message: string } }
  const proved = await page.request.post('/v1/user/walletProve', {
    data: { brandName: 'Helvex', challengeId: data.challengeId, signature: bitcoinSign(data.message) },
    headers,
  })
  const answer = (await proved.json()) as { result: boolean }
  if (!answer.result) throw new Error(`the wallet was not proven: ${JSON.stringify(answer)}`)
}

/** The reference of the order the calculator just started, as the web keeps it for the payment screens. */
export async function keptOrderReference(page: Page): Promise<string> {
  const reference = await page.evaluate(
    () => (JSON.parse(window.localStorage.getItem('lastOrder') ?? '{}') as { orderReference?: string }).orderReference,
  )
  if (!reference) throw new Error('the calculator kept no order reference')
  return reference
}

/** Types an order on the calculator and presses Buy, as a customer does. */
export async function tryToBuy(page: Page, amount: string) {
  await visible(page.getByText('Simulated prices (test environment)'))
  await page.getByRole('textbox', { name: 'You pay' }).fill(amount)
  await page.getByRole('textbox', { name: 'Wallet address' }).fill(WALLET)
  await page.getByRole('button', { name: 'Buy BTC' }).click()
}

/** From the calculator: an amount in a fiat (e.g. 'GBP – British pound') and the wallet, then "Buy BTC"; answers the reference. */
export async function startOrder(page: Page, fiat: string, amount: string): Promise<string> {
  await page.goto('/dashboard')
  await visible(page.getByText('Simulated prices (test environment)'))
  await page.getByRole('combobox', { name: 'Currency you pay' }).click()
  await page.getByRole('option', { name: fiat }).click()
  await page.getByRole('textbox', { name: 'You pay' }).fill(amount)
  await page.getByRole('textbox', { name: 'Wallet address' }).fill(WALLET)
  await page.getByRole('button', { name: 'Buy BTC' }).click()
  await page.waitForURL('**/dashboard-method')
  const reference = await keptOrderReference(page)
  await visible(page.getByRole('region', { name: 'Your order' }).getByText(reference))
  return reference
}

/** Waits until the outbox holds a mail of each template for this customer; answers the templates received, newest first. */
export async function waitForMails(baseUrl: string, email: string, templates: readonly string[]): Promise<string[]> {
  let received: string[] = []
  return eventually(
    async () => {
      received = (await messagesTo(baseUrl, email)).map((message) => message.template)
      return templates.every((template) => received.includes(template)) ? received : undefined
    },
    () => `expected mails ${templates.join(', ')} to ${email}; the outbox has ${received.join(', ')}`,
  )
}

/** In the history (a table on desktop, cards on a phone), the order shows the status; its drawer shows the timeline. */
export async function expectInHistory(
  page: Page,
  reference: string,
  status: string,
  timeline: readonly (string | RegExp)[],
) {
  await page.goto('/dashboard-history')
  const onPhone = (page.viewportSize()?.width ?? DESKTOP.width) < DESKTOP.width
  const row = page.getByRole(onPhone ? 'listitem' : 'row').filter({ hasText: reference })
  await visible(row.getByText(status, { exact: true }))
  await row.getByRole('button', { name: `Details of order ${reference}` }).click()
  const drawer = page.getByRole('dialog', { name: `Order ${reference}` })
  for (const text of timeline) await visible(drawer.getByText(text).first())
  return drawer
}
