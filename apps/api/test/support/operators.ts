import { beforeAll, expect } from 'vitest'
import type { OperatorRole } from '../../src/db/tables/modules/operator'
import { createOperator } from '../../src/modules/operator/operator-accounts'
import { totpOf } from '../../src/modules/accounts/second-factor-totp'
import type { TestApp } from './test-app'

/** A signed-in operator of a test app: who they are, their password and authenticator key, the cookie of their session. */
export interface OperatorSession {
  id: string
  name: string
  password: string
  /** The authenticator app's key (base32), to make codes with `codeOf`. */
  secret: string
  /** `{ cookie }`: the headers of a request from the operator's browser. */
  headers: { cookie: string }
  /**
   * Signs in again (password and code) into the same `headers`: for a test that moves the clock past the session's
   * idle time or lifetime (decision 127).
   */
  renew(): Promise<void>
}

let made = 0
const SAME_SITE = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' }

/** The code the operator's authenticator app shows at the app's clock now. */
export function codeOf(t: TestApp, secret: string): string {
  return totpOf(secret, '', '').generate({ timestamp: t.clock.now().getTime() })
}

const cookieOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((cookie) => cookie.name === 'operatorSession')?.value

/** An operator account with these roles and a new password, made as the command line makes the first admin. */
export async function createTestOperator(t: TestApp, roles: OperatorRole[], name = `ops.${++made}.${roles.join('-')}`) {
  return createOperator(
    { db: t.db, clock: t.clock, secondFactorKey: Buffer.alloc(32), issuer: 'test' },
    'command_line',
    { loginName: name, roles },
  )
}

/** The password step as a browser takes it: answers the response, with the cookie of the step after it. */
export async function signInWithPassword(t: TestApp, name: string, password: string, remoteAddress = '127.0.0.1') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/operator/login',
    headers: SAME_SITE,
    payload: new URLSearchParams({ name, password }).toString(),
    remoteAddress,
  })
  return { response, cookie: cookieOf(response) }
}

/** Posts a code to a step of the sign-in (`code` or `enrol`) with the password step's cookie. */
export function postCode(
  t: TestApp,
  step: 'code' | 'enrol',
  cookie: string,
  code: string,
  remoteAddress = '127.0.0.1',
) {
  return t.app.inject({
    method: 'POST',
    url: `/operator/login/${step}`,
    headers: { ...SAME_SITE, cookie: `operatorSession=${cookie}` },
    payload: new URLSearchParams({ code }).toString(),
    remoteAddress,
  })
}

/** The key the enrolment page shows in text (grouped by four), as the operator would type it into their app. */
export function keyOnPage(body: string): string {
  const key = /Key: <code>([A-Z2-7 ]+)<\/code>/.exec(body)?.[1]
  if (!key) throw new Error('no key on the enrolment page')
  return key.replaceAll(' ', '')
}

/**
 * An operator with these roles, signed in (second factor set up and used) through the sign-in pages, in one call:
 * `const ops = await operatorSession(t, ['compliance'])`, then `headers: ops.headers` on the operator's requests.
 */
export async function operatorSession(
  t: TestApp,
  roles: OperatorRole[],
  options: { name?: string; remoteAddress?: string } = {},
): Promise<OperatorSession> {
  const { id, loginName, password } = await createTestOperator(t, roles, options.name)
  const { response, cookie } = await signInWithPassword(t, loginName, password, options.remoteAddress)
  expect(response.headers.location).toBe('/operator/login/enrol')
  const enrol = await t.app.inject({
    method: 'GET',
    url: '/operator/login/enrol',
    headers: { cookie: `operatorSession=${cookie}` },
  })
  const secret = keyOnPage(enrol.body)
  const signedIn = await postCode(t, 'enrol', cookie!, codeOf(t, secret), options.remoteAddress)
  expect(signedIn.headers.location).toBe('/operator')
  const headers = { cookie: `operatorSession=${cookieOf(signedIn)!}` }
  let lastCode = codeOf(t, secret)
  async function renew() {
    // A code is taken once: the next one is in the next 30 seconds.
    if (codeOf(t, secret) === lastCode) t.clock.advance(30_000)
    lastCode = codeOf(t, secret)
    const again = await signInWithPassword(t, loginName, password, options.remoteAddress)
    const answered = await postCode(t, 'code', again.cookie!, lastCode, options.remoteAddress)
    expect(answered.headers.location).toBe('/operator')
    headers.cookie = `operatorSession=${cookieOf(answered)!}`
  }
  return { id, name: loginName, password, secret, headers, renew }
}

/** Every role: an operator who may do everything (for tests about something else than roles). */
export const EVERY_ROLE: OperatorRole[] = ['support', 'compliance', 'finance', 'admin']

/**
 * `operatorSession` for a whole file: an operator of these roles signed in before its tests (after `useTestApp`'s app
 * is built). Its `headers` object is filled in place, so it may be taken at the top of the file.
 */
export function useOperatorSession(t: TestApp, roles: OperatorRole[] = EVERY_ROLE, name?: string): OperatorSession {
  let made: OperatorSession | undefined
  const session: OperatorSession = {
    id: '',
    name: '',
    password: '',
    secret: '',
    headers: { cookie: '' },
    async renew() {
      await made!.renew()
      Object.assign(session.headers, made!.headers)
    },
  }
  beforeAll(async () => {
    made = await operatorSession(t, roles, { ...(name && { name }) })
    Object.assign(session.headers, made.headers)
    Object.assign(session, { ...made, headers: session.headers, renew: session.renew })
  })
  return session
}

/** Posts an operator action as a script does (JSON), from this host's page, with the operator's cookie. */
export function operatorPost(t: TestApp, url: string, payload: object, headers: { cookie: string }) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    payload,
  })
}

/**
 * A four-eyes action (decision 132) as two operators take it: `asker` asks for it (the action's own route, with a
 * reason), `approver` approves the request. Answers the approval's response.
 */
export async function askAndApprove(
  t: TestApp,
  action: string,
  payload: Record<string, string>,
  asker: { cookie: string },
  approver: { cookie: string },
) {
  const asked = await operatorPost(t, `/operator/actions/${action}`, { reason: 'asked in a test', ...payload }, asker)
  const { requestId } = asked.json() as { requestId?: string }
  expect(requestId, asked.body).toEqual(expect.any(String))
  return operatorPost(t, `/operator/four-eyes/${requestId}/approve`, { reason: 'checked in a test' }, approver)
}
