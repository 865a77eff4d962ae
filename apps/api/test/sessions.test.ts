import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  COMPANY,
  type TestApp,
  buildTestApp,
  callPublic,
  callUser,
  latestCode,
  signUpVerified,
  twoProcesses,
  useTestApp,
} from './support'

const t = useTestApp()

describe('user calls and sessions', () => {
  it("getGross answers the signed-in customer's details and user name", async () => {
    const customer = await signUpVerified(t)
    const answer = await callUser(t.app, 'getGross', customer.token)
    expect(answer.body).toEqual({
      result: true,
      data: {
        details: { firstName: null, lastName: null, email: customer.email, language: 'en' },
        userName: customer.email,
        pendingBalance: '0.00',
        agreementSum: '0.00',
        openOrder: [],
        waitingOrders: [],
      },
    })
  })

  it('answers 401 without a token', async () => {
    const answer = await callUser(t.app, 'getGross', undefined)
    expect(answer.status).toBe(401)
    expect(answer.body).toEqual({ result: false, error: 'unauthorized' })
  })

  it('answers 401 to a tampered token', async () => {
    const customer = await signUpVerified(t)
    const [header, payload, signature] = customer.token.split('.')
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString())
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' }),
    ).toString('base64url')
    expect((await callUser(t.app, 'getGross', `${header}.${forgedPayload}.${signature}`)).status).toBe(401)
    expect((await callUser(t.app, 'getGross', `${customer.token.slice(0, -2)}xx`)).status).toBe(401)
    expect((await callUser(t.app, 'getGross', 'not-a-jwt')).status).toBe(401)
  })

  it('answers 401 to a token signed with another key', async () => {
    const other = await buildTestApp()
    try {
      const customer = await signUpVerified(other)
      expect((await callUser(t.app, 'getGross', customer.token)).status).toBe(401)
    } finally {
      await other.close()
    }
  })

  it('logout revokes the session: the same token then answers 401', async () => {
    const customer = await signUpVerified(t)
    expect((await callUser(t.app, 'logout', customer.token)).body).toEqual({ result: true })
    const after = await callUser(t.app, 'getGross', customer.token)
    expect(after.status).toBe(401)
    expect(after.body).toEqual({ result: false, error: 'unauthorized' })
  })

  it('logout ends only that session', async () => {
    const customer = await signUpVerified(t)
    const second = await signUpVerified(t)
    await callUser(t.app, 'logout', customer.token)
    expect((await callUser(t.app, 'getGross', second.token)).status).toBe(200)
  })

  it('a session ends after its lifetime (24 hours by default)', async () => {
    const customer = await signUpVerified(t)
    t.clock.advance(23 * 3_600_000)
    expect((await callUser(t.app, 'getGross', customer.token)).status).toBe(200)
    t.clock.advance(3_600_000)
    expect((await callUser(t.app, 'getGross', customer.token)).status).toBe(401)
  })

  it('takes the session lifetime from config', async () => {
    const short = await buildTestApp({ env: { SESSION_HOURS: '1' } })
    try {
      const customer = await signUpVerified(short)
      short.clock.advance(3_600_000)
      expect((await callUser(short.app, 'getGross', customer.token)).status).toBe(401)
    } finally {
      await short.close()
    }
  })
})

describe('sessions across processes (decisions 052, 121)', () => {
  let one: TestApp
  let other: TestApp
  beforeAll(async () => {
    ;[one, other] = await twoProcesses()
  })
  afterAll(async () => {
    await other.close()
    await one.close()
  })

  it('a logout in one process is refused at once there and by the other', async () => {
    const customer = await signUpVerified(one)
    // The other process has checked the session and remembers it.
    expect((await callUser(other.app, 'getGross', customer.token)).status).toBe(200)
    expect((await callUser(one.app, 'logout', customer.token)).body).toEqual({ result: true })
    expect((await callUser(one.app, 'getGross', customer.token)).status).toBe(401)
    // The clock has not moved: the change feed told the other process (decision 121).
    const refused = await callUser(other.app, 'getGross', customer.token)
    expect(refused.status).toBe(401)
    expect(refused.body).toEqual({ result: false, error: 'unauthorized' })
  })

  it('a password reset in one process ends every session of the customer in the other at once', async () => {
    const customer = await signUpVerified(one)
    const second = await callPublic(
      other.app,
      'homelogin',
      {
        email: customer.email,
        password: customer.password,
        companyDetails: COMPANY,
      },
      { cookie: `trustedDevice=${customer.device}` },
    )
    const secondToken = second.body.data.token as string
    expect((await callUser(other.app, 'getGross', customer.token)).status).toBe(200)
    expect((await callUser(other.app, 'getGross', secondToken)).status).toBe(200)

    one.clock.advance(31_000)
    await callPublic(one.app, 'homeStartResetPassword', { email: customer.email, companyDetails: COMPANY })
    const code = await latestCode(one.db, customer.email)
    const done = await callPublic(one.app, 'homeCompleteResetPassword', {
      email: customer.email,
      code,
      password: 'a new pass phrase',
      companyDetails: COMPANY,
    })
    expect(done.body).toEqual({ result: true })
    expect((await callUser(one.app, 'getGross', customer.token)).status).toBe(401)
    expect((await callUser(other.app, 'getGross', customer.token)).status).toBe(401)
    expect((await callUser(other.app, 'getGross', secondToken)).status).toBe(401)
  })

  it('a session checked in a process still ends at its lifetime there, to the second', async () => {
    const customer = await signUpVerified(one)
    expect((await callUser(other.app, 'getGross', customer.token)).status).toBe(200)
    one.clock.advance(24 * 3_600_000 - 1_000)
    expect((await callUser(other.app, 'getGross', customer.token)).status).toBe(200)
    one.clock.advance(1_000)
    expect((await callUser(other.app, 'getGross', customer.token)).status).toBe(401)
  })
})
