import type { Browser, BrowserContext } from 'playwright-core'
import { DESKTOP } from './browser'
import { nextTotpCode, totpCode } from './totp'

/** The login name of the operator each e2e app is made with (`npm run operator -- create-admin`, decision 127). */
export const OPERATOR = 'ops.e2e'
/** A second operator, who approves what the first asks for (four eyes, decision 132). */
export const SECOND_OPERATOR = 'ops.e2e.second'

export interface Operator {
  username: string
  password: string
  /** The authenticator app's key, set up at the operator's first sign-in (`enrolOperator`). */
  key: string
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' }
const sessionCookie = (response: Response) =>
  /operatorSession=([^;]*)/.exec(response.headers.getSetCookie().join('\n'))?.[1] ?? ''

/**
 * The operator's first sign-in, as the sign-in pages take it (once per app, before the journeys): the password, then
 * the authenticator app set up from the key the enrolment page shows, confirmed with its first code.
 */
export async function enrolOperator(baseUrl: string, operator: { username: string; password: string }) {
  const login = await fetch(`${baseUrl}/operator/login`, {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams({ name: operator.username, password: operator.password }),
    redirect: 'manual',
  })
  const cookie = `operatorSession=${sessionCookie(login)}`
  const enrolment = await (await fetch(`${baseUrl}/operator/login/enrol`, { headers: { cookie } })).text()
  const key = /Key: <code>([A-Z2-7 ]+)<\/code>/.exec(enrolment)?.[1]?.replaceAll(' ', '')
  if (!key) throw new Error(`no enrolment page for the e2e operator: ${enrolment.slice(0, 200)}`)
  const confirmed = await fetch(`${baseUrl}/operator/login/enrol`, {
    method: 'POST',
    headers: { ...FORM, cookie },
    body: new URLSearchParams({ code: totpCode(key) }),
    redirect: 'manual',
  })
  if (confirmed.headers.get('location') !== '/operator') throw new Error('the e2e operator could not enrol')
  return key
}

/** The operator's signed-in browser state in this process, kept after the first sign-in. */
const kept = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>()

/**
 * A browser of the operator, signed in at /operator/login as a person does: the password, then the code of the
 * authenticator app. A code is taken once, so a code another journey took in the same 30 seconds is refused: the next
 * one is typed then. Later calls in the same process reuse the session while it lasts.
 */
export async function operatorBrowser(browser: Browser, baseUrl: string, operator: Operator): Promise<BrowserContext> {
  const state = kept.get(`${baseUrl} ${operator.username}`)
  if (state) {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP, storageState: state })
    const still = await context.request.get('/operator', { maxRedirects: 0 })
    if (still.status() === 200) return context
    await context.close()
  }
  const context = await browser.newContext({ baseURL: baseUrl, viewport: DESKTOP })
  const page = await context.newPage()
  await page.goto('/operator')
  await page.getByLabel('Login name').fill(operator.username)
  await page.getByLabel('Password').fill(operator.password)
  await page.getByRole('button', { name: 'Continue' }).click()
  for (let attempt = 0; ; attempt += 1) {
    const code = attempt === 0 ? totpCode(operator.key) : await nextTotpCode(operator.key)
    await page.getByLabel('The 6-digit code from your authenticator app').fill(code)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForLoadState()
    if (new URL(page.url()).pathname === '/operator' || attempt === 2) break
  }
  await page.getByText(`signed in as ${operator.username}`).waitFor()
  kept.set(`${baseUrl} ${operator.username}`, await context.storageState())
  await page.close()
  return context
}
