import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { customers } from '../src/db/tables/modules/customers'
import { incomingTransfers } from '../src/db/tables/modules/intake'
import {
  COMPANY,
  type TestApp,
  buildTestApp,
  callPublic,
  callUser,
  deliverQueuedMail,
  latestCode,
  uniqueEmail,
  wireOrderPaid,
} from './support'
import { codeOf, createTestOperator, keyOnPage, postCode, signInWithPassword } from './support/operators'

const BANK_SECRET = 'bank-secret-for-log-tests'

describe('logs of a whole journey', () => {
  const lines: string[] = []
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        LOG_LEVEL: 'debug',
        BANK_WEBHOOK_SECRET: BANK_SECRET,
      },
      logLines: lines,
    })
  })
  afterAll(() => t.close())

  it('never hold an e-mail address, a password, a code, a session token or a cookie (decision 076)', async () => {
    const email = uniqueEmail('logs')
    const password = 'very-secret-password'
    const secrets: string[] = [email, password]
    const code = async () => {
      const latest = await latestCode(t.db, email)
      secrets.push(latest)
      return latest
    }
    await callPublic(t.app, 'homesignup', { email, password, token: 'DIRECT', companyDetails: COMPANY })
    const verified = await callPublic(t.app, 'verifycode', { email, code: await code() })
    const device = verified.cookies.find((cookie) => cookie.name === 'trustedDevice')!.value
    secrets.push(verified.body.data.token, device)
    await callUser(t.app, 'getGross', verified.body.data.token)
    // A wrong password, a new browser with its code, a code asked again, a forgotten password.
    await callPublic(t.app, 'homelogin', { email, password: 'wrong-password-typed', companyDetails: COMPANY })
    secrets.push('wrong-password-typed')
    t.clock.advance(31_000)
    await callPublic(t.app, 'homelogin', { email, password, companyDetails: COMPANY })
    t.clock.advance(31_000)
    await callPublic(t.app, 'homeresendcode', { email, companyDetails: COMPANY })
    const login = await callPublic(t.app, 'verifycode', { email, code: await code() })
    secrets.push(login.body.data.token)
    t.clock.advance(31_000)
    await callPublic(t.app, 'homeStartResetPassword', { email, companyDetails: COMPANY })
    const resetCode = await code()
    await callPublic(t.app, 'homeCheckToken', { email, code: resetCode })
    await callPublic(t.app, 'homeCompleteResetPassword', { email, code: resetCode, password: 'a-new-secret-password' })
    secrets.push('a-new-secret-password')
    // A customer who buys and pays, and the operator who looks and fails once.
    const { customer } = await wireOrderPaid(t, BANK_SECRET)
    secrets.push(customer.email, customer.password, customer.token, customer.device)
    const anna = await createTestOperator(t, ['support'], 'ops.anna')
    expect((await signInWithPassword(t, 'ops.anna', 'a-wrong-operator-password')).response.statusCode).toBe(401)
    const { cookie } = await signInWithPassword(t, 'ops.anna', anna.password)
    const enrolment = await t.app.inject({
      method: 'GET',
      url: '/operator/login/enrol',
      headers: { cookie: `operatorSession=${cookie}` },
    })
    const key = keyOnPage(enrolment.body)
    await postCode(t, 'enrol', cookie!, '000000')
    const signedIn = await postCode(t, 'enrol', cookie!, codeOf(t, key))
    expect(signedIn.statusCode).toBe(303)
    const session = signedIn.cookies.find((one) => one.name === 'operatorSession')!.value
    secrets.push('a-wrong-operator-password', anna.password, cookie!, key, codeOf(t, key), session)
    await deliverQueuedMail(t.db)

    const log = lines.join('')
    expect(log).toContain('"url":"/v1/user/getGross"')
    expect(log).toContain('dev outbox: code_verify_email')
    expect(log).toContain('operator login failed')
    expect(secrets.filter((secret) => secret.length >= 5)).toHaveLength(secrets.length)
    for (const secret of secrets) expect(log, secret).not.toContain(secret)
    expect(log).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.[A-Za-z]{2,}/)
  })

  it("drop an address whatever logged it, and name a mail's recipient by a pseudonym", async () => {
    lines.length = 0
    t.app.log.warn({ err: new Error('550 5.1.1 <ann.other@example.org> unknown') }, 'a party named a recipient')
    const email = uniqueEmail('pseudonym')
    await callPublic(t.app, 'homesignup', {
      email,
      password: 'very-secret-password',
      token: 'DIRECT',
      companyDetails: COMPANY,
    })
    await deliverQueuedMail(t.db)
    const log = lines.join('')
    expect(log).toContain('550 5.1.1 <[e-mail]> unknown')
    expect(log).not.toContain('ann.other@example.org')
    const outbox = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.template)
    expect(outbox).toMatchObject({ to: expect.stringMatching(/^p_[0-9a-f]{20}$/), template: 'code_verify_email' })
  })
})

describe('a failed database query', () => {
  const lines: string[] = []
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { LOG_LEVEL: 'info', BANK_WEBHOOK_SECRET: BANK_SECRET }, logLines: lines })
  })
  afterAll(() => t.close())

  it('is logged by its shape only: no e-mail, password hash or row values, and the client sees internal_error', async () => {
    // A constraint no new row can meet stands in for any failure of the database (disk full, a lost connection…).
    await t.db.execute(sql`alter table customers add constraint refuse_new_rows check (false) not valid`)
    onTestFinished(async () => {
      await t.db.execute(sql`alter table customers drop constraint refuse_new_rows`)
    })
    const email = uniqueEmail('failing.query')
    lines.length = 0
    const answer = await callPublic(t.app, 'homesignup', {
      email,
      password: 'very-secret-password',
      token: 'DIRECT',
      companyDetails: COMPANY,
    })

    expect(answer.status).toBe(500)
    expect(answer.body).toEqual({ result: false, error: 'internal_error' })
    expect(await t.db.select().from(customers).where(eq(customers.email, email))).toEqual([])
    const failure = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.err)
    expect(failure, lines.join('')).toBeDefined()
    const log = lines.join('')
    expect(log).toContain('insert into \\"customers\\"')
    expect(log).toContain('refuse_new_rows')
    expect(log).not.toContain(email)
    expect(log).not.toContain('$argon2')
    expect(log).not.toContain('very-secret-password')
    expect(log).not.toContain('DIRECT')
  })

  it('of a bank notice does not log the payer name or IBAN', async () => {
    await t.db.execute(sql`alter table incoming_transfers add constraint refuse_new_rows check (false) not valid`)
    lines.length = 0
    const { answer } = await wireOrderPaid(t, BANK_SECRET, 'Grace Brewster Hopper')

    expect(answer.result).toBe(false)
    expect(await t.db.select().from(incomingTransfers)).toEqual([])
    const log = lines.join('')
    expect(log).toContain('incoming_transfers')
    expect(log).not.toContain('Grace Brewster Hopper')
    expect(log).not.toContain('CH9300762011623852957')
  })
})
