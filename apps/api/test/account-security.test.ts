import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountEvents, emailChanges, loginThrottles } from '../src/db/tables/modules/accounts'
import { customers } from '../src/db/tables/modules/customers'
import { sessions } from '../src/db/tables/modules/sessions'
import {
  COMPANY,
  type TestApp,
  buyer,
  callPublic,
  callUser,
  initiateBuy,
  latestCode,
  mailTo,
  signUpVerified,
  twoProcesses,
  uniqueEmail,
} from './support'

// Two api processes on one database and one clock: whatever one of them revokes, the other refuses at once
// (decision 121). On PostgreSQL the change feed carries it; on PGlite the processes share the embedded database.
let one: TestApp
let other: TestApp
beforeAll(async () => {
  ;[one, other] = await twoProcesses()
})
afterAll(async () => {
  await other.close()
  await one.close()
})

/** A second session of the customer, signed in on the other process from their trusted device. */
async function secondSession(customer: Awaited<ReturnType<typeof signUpVerified>>, password = customer.password) {
  const login = await callPublic(
    other.app,
    'homelogin',
    { email: customer.email, password, companyDetails: COMPANY },
    { cookie: `trustedDevice=${customer.device}`, 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Firefox/130.0' },
  )
  return login.body.data.token as string
}

async function customerRow(customerId: string) {
  const [row] = await one.db.select().from(customers).where(eq(customers.id, customerId))
  return row!
}

async function customerIdOf(email: string) {
  const [row] = await one.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email))
  return row!.id
}

describe('re-authentication and the password change', () => {
  it('refuses a wrong current password, counts it, and slows the session down after the five free tries', async () => {
    const customer = await signUpVerified(one)
    const wrong = { currentPassword: 'not my password', newPassword: 'a brand new phrase' }
    const refused = await callUser(one.app, 'changePassword', customer.token, wrong)
    expect(refused.body).toMatchObject({ result: false, error: 'invalid_credentials' })
    const id = await customerIdOf(customer.email)
    const events = await one.db
      .select()
      .from(accountEvents)
      .where(and(eq(accountEvents.customerId, id), eq(accountEvents.type, 'reauth_failed')))
    expect(events).toHaveLength(1)
    expect(events[0]!.detail).toEqual({ action: 'change_password' })
    const [throttle] = await one.db.select().from(loginThrottles).where(eq(loginThrottles.email, customer.email))
    expect(throttle).toBeDefined()
    for (let i = 0; i < 5; i++) await callUser(one.app, 'changePassword', customer.token, wrong)
    const slowed = await callUser(one.app, 'changePassword', customer.token, wrong)
    expect(slowed.status).toBe(429)
    expect(slowed.body).toMatchObject({ result: false, error: 'rate_limited' })
    // Even the right password waits now: the session's guesses are limited, not just counted.
    const right = { currentPassword: customer.password, newPassword: 'a brand new phrase' }
    expect((await callUser(one.app, 'changePassword', customer.token, right)).status).toBe(429)
    // Nothing changed.
    expect((await customerRow(id)).passwordChangedAt).toBeNull()
  })

  it('changes the password: other sessions answer 401 at once on every process, this one keeps working', async () => {
    const customer = await signUpVerified(one)
    const elsewhere = await secondSession(customer)
    // Both processes have found both sessions valid, and remember it.
    for (const app of [one.app, other.app])
      for (const token of [customer.token, elsewhere]) expect((await callUser(app, 'getGross', token)).status).toBe(200)
    const changed = await callUser(one.app, 'changePassword', customer.token, {
      currentPassword: customer.password,
      newPassword: 'a brand new phrase',
    })
    expect(changed.body).toEqual({ result: true, endedSessions: 1 })
    // At once, without the clock moving: on the process that changed it and on the other.
    expect((await callUser(other.app, 'getGross', elsewhere)).status).toBe(401)
    expect((await callUser(one.app, 'getGross', elsewhere)).status).toBe(401)
    expect((await callUser(one.app, 'getGross', customer.token)).status).toBe(200)
    expect((await callUser(other.app, 'getGross', customer.token)).status).toBe(200)
    const [notice] = await mailTo(one.db, customer.email)
    expect(notice!.subject).toBe('Your Helvex password was changed')
    expect(notice!.text).toContain('Every other device')
    // The new password signs in; the old one no longer does.
    const oldLogin = await callPublic(one.app, 'homelogin', {
      email: customer.email,
      password: customer.password,
      companyDetails: COMPANY,
    })
    expect(oldLogin.body).toMatchObject({ result: false, error: 'invalid_credentials' })
    expect(await secondSession(customer, 'a brand new phrase')).toEqual(expect.any(String))
  })

  it('refuses a new password that breaks the sign-up rules, and stores nothing', async () => {
    const customer = await signUpVerified(one)
    const short = await callUser(one.app, 'changePassword', customer.token, {
      currentPassword: customer.password,
      newPassword: 'short',
    })
    expect(short.status).toBe(400)
    expect(short.body).toMatchObject({
      result: false,
      error: 'validation_failed',
      fields: { newPassword: expect.any(String) },
    })
    expect((await customerRow(await customerIdOf(customer.email))).passwordChangedAt).toBeNull()
  })
})

describe('sessions', () => {
  it('lists the sessions with device, place, last seen and this device', async () => {
    const customer = await signUpVerified(one)
    await secondSession(customer)
    const listed = await callUser(one.app, 'listSessions', customer.token)
    expect(listed.body.result).toBe(true)
    const data = listed.body.data as { device: string; place: string; current: boolean; lastSeenAt: string }[]
    expect(data).toHaveLength(2)
    expect(data.filter((session) => session.current)).toHaveLength(1)
    expect(data.map((session) => session.device)).toContain('Firefox on Windows')
    for (const session of data) {
      expect(session.place).toMatch(/127\.0\.0\.x/)
      expect(Date.parse(session.lastSeenAt)).not.toBeNaN()
    }
  })

  it('signs out one session: it answers 401 at once on both processes; the customer is mailed', async () => {
    const customer = await signUpVerified(one)
    const elsewhere = await secondSession(customer)
    expect((await callUser(other.app, 'getGross', elsewhere)).status).toBe(200)
    const listed = await callUser(one.app, 'listSessions', customer.token)
    const target = (listed.body.data as { id: string; current: boolean }[]).find((session) => !session.current)!
    expect((await callUser(one.app, 'endSession', customer.token, { sessionId: target.id })).body).toEqual({
      result: true,
    })
    expect((await callUser(other.app, 'getGross', elsewhere)).status).toBe(401)
    expect((await callUser(one.app, 'getGross', customer.token)).status).toBe(200)
    const [notice] = await mailTo(one.db, customer.email)
    expect(notice!.subject).toContain('was signed out')
    // Once only.
    const again = await callUser(one.app, 'endSession', customer.token, { sessionId: target.id })
    expect(again.body).toEqual({ result: false, error: 'session_not_found' })
  })

  it("refuses another customer's session and ends nothing", async () => {
    const customer = await signUpVerified(one)
    const stranger = await signUpVerified(one)
    const [strangers] = await one.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.customerId, await customerIdOf(stranger.email)))
    const refused = await callUser(one.app, 'endSession', customer.token, { sessionId: strangers!.id })
    expect(refused.body).toEqual({ result: false, error: 'session_not_found' })
    expect((await callUser(other.app, 'getGross', stranger.token)).status).toBe(200)
  })

  it('signs out everywhere else', async () => {
    const customer = await signUpVerified(one)
    const elsewhere = await secondSession(customer)
    const third = await secondSession(customer)
    expect((await callUser(other.app, 'getGross', third)).status).toBe(200)
    const ended = await callUser(one.app, 'endOtherSessions', customer.token)
    expect(ended.body).toEqual({ result: true, endedSessions: 2 })
    expect((await callUser(other.app, 'getGross', elsewhere)).status).toBe(401)
    expect((await callUser(other.app, 'getGross', third)).status).toBe(401)
    expect((await callUser(other.app, 'getGross', customer.token)).status).toBe(200)
  })
})

/** Starts and confirms an e-mail change; answers the new address and the old address's undo token. */
async function changeEmail(customer: Awaited<ReturnType<typeof signUpVerified>>) {
  const newEmail = uniqueEmail('moved')
  const started = await callUser(one.app, 'startEmailChange', customer.token, {
    currentPassword: customer.password,
    newEmail,
  })
  expect(started.body).toMatchObject({ result: true })
  const code = await latestCode(one.db, newEmail)
  const confirmed = await callUser(other.app, 'confirmEmailChange', customer.token, { code })
  expect(confirmed.body).toEqual({ result: true, email: newEmail })
  const [notice] = await mailTo(one.db, customer.email)
  const token = /token=([A-Za-z0-9_-]{43})/.exec(notice!.text)?.[1]
  return { newEmail, token: token!, notice: notice! }
}

describe('the e-mail change', () => {
  it('sends a code to the new address; confirmed, the old address gets a notice with an undo link', async () => {
    const customer = await signUpVerified(one)
    const { newEmail, token, notice } = await changeEmail(customer)
    expect(notice.subject).toBe('The e-mail address of your Helvex account was changed')
    expect(notice.text).toContain(newEmail)
    expect(token).toHaveLength(43)
    const id = await customerIdOf(newEmail)
    expect((await customerRow(id)).email).toBe(newEmail)
    const [stored] = await one.db.select().from(emailChanges).where(eq(emailChanges.customerId, id))
    // The token is kept only as its hash.
    expect(stored!.undoTokenHash).not.toContain(token)
    expect((await callUser(one.app, 'getGross', customer.token)).body.data.details.email).toBe(newEmail)
  })

  it('refuses a wrong code and the wrong password, and changes nothing', async () => {
    const customer = await signUpVerified(one)
    const newEmail = uniqueEmail('moved')
    const wrongPassword = await callUser(one.app, 'startEmailChange', customer.token, {
      currentPassword: 'nope nope',
      newEmail,
    })
    expect(wrongPassword.body).toMatchObject({ result: false, error: 'invalid_credentials' })
    expect(await mailTo(one.db, newEmail)).toHaveLength(0)
    await callUser(one.app, 'startEmailChange', customer.token, { currentPassword: customer.password, newEmail })
    const code = await latestCode(one.db, newEmail)
    const wrongCode = code === '00000' ? '11111' : '00000'
    const refused = await callUser(one.app, 'confirmEmailChange', customer.token, { code: wrongCode })
    expect(refused.body).toEqual({ result: false, error: 'code_invalid' })
    expect((await customerRow(await customerIdOf(customer.email))).email).toBe(customer.email)
  })

  it('the undo link, within 72 hours, gives the old address back once and signs out every session', async () => {
    const customer = await signUpVerified(one)
    const elsewhere = await secondSession(customer)
    const { newEmail, token } = await changeEmail(customer)
    // The person it protects against cannot move the account on, nor close it, while the link works.
    const further = await callUser(one.app, 'startEmailChange', customer.token, {
      currentPassword: customer.password,
      newEmail: uniqueEmail('further'),
    })
    expect(further.body).toEqual({ result: false, error: 'email_change_undoable' })
    const close = await callUser(one.app, 'closeAccount', customer.token, { currentPassword: customer.password })
    expect(close.body).toEqual({ result: false, error: 'email_change_undoable' })
    one.clock.advance(71 * 3_600_000)
    const undone = await callPublic(other.app, 'undoEmailChange', { token })
    expect(undone.body).toEqual({ result: true, email: customer.email })
    expect((await customerRow(await customerIdOf(customer.email))).email).toBe(customer.email)
    for (const app of [one.app, other.app])
      for (const session of [customer.token, elsewhere])
        expect((await callUser(app, 'getGross', session)).status).toBe(401)
    const [notice] = await mailTo(one.db, customer.email)
    expect(notice!.subject).toContain('has this e-mail address again')
    expect(await callPublic(one.app, 'undoEmailChange', { token })).toMatchObject({
      body: { result: false, error: 'undo_link_invalid' },
    })
    // The trusted device is forgotten: a login needs a code from the restored mailbox.
    const login = await callPublic(
      one.app,
      'homelogin',
      { email: customer.email, password: customer.password, companyDetails: COMPANY },
      { cookie: `trustedDevice=${customer.device}` },
    )
    expect(login.body).toMatchObject({ result: true, code: true })
    expect(newEmail).not.toBe(customer.email)
  })

  it('after 72 hours the undo link is refused', async () => {
    const customer = await signUpVerified(one)
    const { newEmail, token } = await changeEmail(customer)
    one.clock.advance(72 * 3_600_000)
    const refused = await callPublic(one.app, 'undoEmailChange', { token })
    expect(refused.body).toEqual({ result: false, error: 'undo_link_expired' })
    expect((await customerRow(await customerIdOf(newEmail))).email).toBe(newEmail)
  })

  it('the link opens a page that changes nothing until its button posts the token', async () => {
    const customer = await signUpVerified(one)
    const { newEmail, token } = await changeEmail(customer)
    const opened = await one.app.inject({ method: 'GET', url: `/undoemail?token=${token}` })
    expect(opened.statusCode).toBe(200)
    expect(opened.headers['content-type']).toContain('text/html')
    expect(opened.body).toContain('Give my account this address back')
    expect(opened.body).not.toMatch(/<script/i)
    expect((await customerRow(await customerIdOf(newEmail))).email).toBe(newEmail)
    const pressed = await other.app.inject({
      method: 'POST',
      url: '/undoemail',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    })
    expect(pressed.statusCode).toBe(200)
    expect(pressed.body).toContain('Your address is back')
    expect((await customerRow(await customerIdOf(customer.email))).email).toBe(customer.email)
    const again = await one.app.inject({
      method: 'POST',
      url: '/undoemail',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    })
    expect(again.statusCode).toBe(200)
    expect(again.body).toContain('This link is not valid, or it was already used.')
    const broken = await one.app.inject({ method: 'GET', url: '/undoemail?token=%3Cscript%3E' })
    expect(broken.statusCode).toBe(400)
    expect(broken.body).toContain('This link is not complete')
  })

  it('refuses a malformed or unknown undo link without a 500', async () => {
    for (const token of ['', 'short', 'x'.repeat(43) + '!', 123]) {
      const answer = await callPublic(one.app, 'undoEmailChange', { token })
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ result: false, error: 'validation_failed' })
    }
    const unknown = await callPublic(one.app, 'undoEmailChange', { token: 'A'.repeat(43) })
    expect(unknown.body).toEqual({ result: false, error: 'undo_link_invalid' })
  })
})

describe('closing the account', () => {
  it('is refused while an order is in progress, naming it and why', async () => {
    const customer = await buyer(one)
    const order = await initiateBuy(one, customer.token)
    const reference = order.body.data.reference as string
    const refused = await callUser(one.app, 'closeAccount', customer.token, { currentPassword: customer.password })
    expect(refused.body).toEqual({
      result: true,
      closed: false,
      orders: [{ reference, status: 'initiated', reason: expect.stringContaining('waiting for your payment') }],
    })
    expect((await customerRow(await customerIdOf(customer.email))).closedAt).toBeNull()
  })

  it('closes: every session ends, nothing is deleted, a login is refused, and the customer is mailed', async () => {
    const customer = await signUpVerified(one)
    const elsewhere = await secondSession(customer)
    const wrong = await callUser(one.app, 'closeAccount', customer.token, { currentPassword: 'not it at all' })
    expect(wrong.body).toMatchObject({ result: false, error: 'invalid_credentials' })
    const closed = await callUser(one.app, 'closeAccount', customer.token, { currentPassword: customer.password })
    expect(closed.body).toEqual({ result: true, closed: true })
    for (const app of [one.app, other.app])
      for (const session of [customer.token, elsewhere])
        expect((await callUser(app, 'getGross', session)).status).toBe(401)
    const row = await customerRow(await customerIdOf(customer.email))
    expect(row.closedAt).not.toBeNull()
    const [notice] = await mailTo(one.db, customer.email)
    expect(notice!.subject).toBe('Your Helvex account is closed')
    const login = await callPublic(one.app, 'homelogin', {
      email: customer.email,
      password: customer.password,
      companyDetails: COMPANY,
    })
    expect(login.body).toEqual({ result: false, error: 'account_closed' })
    // A wrong password still answers as for anyone: only the owner learns the account is closed.
    const guess = await callPublic(one.app, 'homelogin', {
      email: customer.email,
      password: 'some guess here',
      companyDetails: COMPANY,
    })
    expect(guess.body).toMatchObject({ result: false, error: 'invalid_credentials' })
  })
})

describe('every input is checked', () => {
  it.each([
    ['changePassword', { currentPassword: 5, newPassword: 'a brand new phrase' }],
    ['changePassword', { currentPassword: 'x'.repeat(129), newPassword: 'a brand new phrase' }],
    ['changePassword', { newPassword: 'a brand new phrase' }],
    ['endSession', { sessionId: 'not-a-uuid' }],
    ['endSession', {}],
    ['startEmailChange', { currentPassword: 'correct horse', newEmail: 'not an e-mail' }],
    ['startEmailChange', { currentPassword: 'correct horse', newEmail: 'a\u202e@example.com' }],
    ['confirmEmailChange', { code: '12ab5' }],
    ['confirmEmailChange', { code: '123456' }],
    ['closeAccount', { currentPassword: '' }],
    ['closeAccount', { currentPassword: 'correct horse', extra: true }],
  ])('%s refuses %j with 400 and stores nothing', async (call, payload) => {
    const customer = await signUpVerified(one)
    const answer = await callUser(one.app, call, customer.token, payload)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ result: false, error: 'validation_failed' })
    expect((await customerRow(await customerIdOf(customer.email))).closedAt).toBeNull()
  })

  it('answers 401 to every call without a session', async () => {
    for (const call of ['changePassword', 'listSessions', 'endSession', 'endOtherSessions', 'startEmailChange']) {
      expect((await callUser(one.app, call, undefined)).status).toBe(401)
    }
  })

  it('confirming without a pending change says so', async () => {
    const customer = await signUpVerified(one)
    const answer = await callUser(one.app, 'confirmEmailChange', customer.token, { code: '12345' })
    expect(answer.body).toEqual({ result: false, error: 'email_change_not_pending' })
  })
})
