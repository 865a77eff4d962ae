import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPANY, type TestApp, buildTestApp, callPublic, callUser, latestCode, uniqueEmail } from './build-test-app'

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
