import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { customers, incomingTransfers } from '../src/db/schema'
import {
  COMPANY,
  type TestApp,
  buildTestApp,
  callPublic,
  callUser,
  latestCode,
  uniqueEmail,
  wireOrderPaid,
} from './build-test-app'

const BANK_SECRET = 'bank-secret-for-log-tests'

describe('logs', () => {
  const lines: string[] = []
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logLines: lines })
  })
  afterAll(() => t.close())

  it('never hold a password, a session token or a cookie; the dev outbox line holds the code for the developer', async () => {
    const email = uniqueEmail('logs')
    await callPublic(t.app, 'homesignup', {
      email,
      password: 'very-secret-password',
      token: 'DIRECT',
      companyDetails: COMPANY,
    })
    const code = await latestCode(t.db, email)
    const verified = await callPublic(t.app, 'verifycode', { email, code })
    const token: string = verified.body.data.token
    const device = verified.cookies.find((cookie) => cookie.name === 'trustedDevice')!.value
    await callUser(t.app, 'getGross', token)
    await callPublic(
      t.app,
      'homelogin',
      { email, password: 'very-secret-password', companyDetails: COMPANY },
      { cookie: `trustedDevice=${device}` },
    )

    const log = lines.join('')
    expect(log).toContain('"url":"/v1/user/getGross"')
    expect(log).not.toContain('very-secret-password')
    expect(log).not.toContain(token)
    expect(log).not.toContain(device)
    expect(log).toContain(`dev outbox: to=${email} template=code_verify_email code=${code}`)
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
