import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accountEvents } from '../src/db/tables/modules/accounts'
import { COMPANY, callPublic, callUser, latestCode, mailTo, signUpVerified, uniqueEmail, useTestApp } from './support'

const t = useTestApp()

const login = (payload: Record<string, unknown>, device?: string) =>
  callPublic(
    t.app,
    'homelogin',
    { companyDetails: COMPANY, ...payload },
    device ? { cookie: `trustedDevice=${device}` } : {},
  )

describe('homelogin', () => {
  it('answers a token on a browser that confirmed a code before', async () => {
    const customer = await signUpVerified(t)
    const answer = await login({ email: customer.email, password: customer.password }, customer.device)
    expect(answer.body).toEqual({ result: true, data: { token: expect.any(String) } })
    expect((await callUser(t.app, 'getGross', answer.body.data.token)).body.data.userName).toBe(customer.email)
  })

  it('accepts the e-mail in another case and with spaces', async () => {
    const customer = await signUpVerified(t)
    const answer = await login(
      { email: `  ${customer.email.toUpperCase()}  `, password: customer.password },
      customer.device,
    )
    expect(answer.body.result).toBe(true)
    expect(answer.body.data.token).toBeTypeOf('string')
  })

  it('answers an unknown e-mail exactly as a wrong password', async () => {
    const customer = await signUpVerified(t)
    const wrongPassword = await login({ email: customer.email, password: 'not the password' }, customer.device)
    const unknownEmail = await login({ email: uniqueEmail('ghost'), password: 'not the password' })
    expect(wrongPassword.status).toBe(unknownEmail.status)
    expect(wrongPassword.body).toEqual({ result: false, error: 'invalid_credentials' })
    expect(unknownEmail.body).toEqual(wrongPassword.body)
    const failures = await t.db.select().from(accountEvents).where(eq(accountEvents.email, customer.email))
    expect(failures.map((event) => event.type)).toContain('login_failed')
  })

  it('asks an unconfirmed customer for the code and mails a new one', async () => {
    const email = uniqueEmail()
    await callPublic(t.app, 'homesignup', { email, password: 'secret1', token: 'DIRECT', companyDetails: COMPANY })
    t.clock.advance(31_000)
    const answer = await login({ email, password: 'secret1' })
    expect(answer.body).toEqual({ result: true, code: true, retryAfterSeconds: 30 })
    const mails = await mailTo(t.db, email)
    expect(mails).toHaveLength(2)
    expect(mails[0]?.template).toBe('code_verify_email')
    const verified = await callPublic(t.app, 'verifycode', { email, code: await latestCode(t.db, email) })
    expect(verified.body.result).toBe(true)
  })

  it('asks for an e-mailed code on a new browser, and the code signs in', async () => {
    const customer = await signUpVerified(t)
    t.clock.advance(31_000)
    const answer = await login({ email: customer.email, password: customer.password })
    expect(answer.body).toEqual({ result: true, code: true, retryAfterSeconds: 30 })
    const [mail] = await mailTo(t.db, customer.email)
    expect(mail?.template).toBe('code_login')
    expect(mail?.text).toContain('new device')

    const verified = await callPublic(t.app, 'verifycode', {
      email: customer.email,
      code: await latestCode(t.db, customer.email),
    })
    expect(verified.body.data.token).toBeTypeOf('string')
  })

  it('does not treat a forged device cookie as a known browser', async () => {
    const customer = await signUpVerified(t)
    const answer = await login({ email: customer.email, password: customer.password }, 'forged-device-token')
    expect(answer.body).toEqual({ result: true, code: true, retryAfterSeconds: 30 })
  })

  it("does not accept another customer's device cookie", async () => {
    const first = await signUpVerified(t)
    const second = await signUpVerified(t)
    const answer = await login({ email: second.email, password: second.password }, first.device)
    expect(answer.body).toEqual({ result: true, code: true, retryAfterSeconds: 30 })
  })

  it('keeps the code already on its way when the customer logs in twice within the cooldown', async () => {
    const customer = await signUpVerified(t)
    t.clock.advance(31_000)
    await login({ email: customer.email, password: customer.password })
    const before = await mailTo(t.db, customer.email)
    await login({ email: customer.email, password: customer.password })
    expect(await mailTo(t.db, customer.email)).toHaveLength(before.length)
  })

  it('does not ask for a password of six characters at login, only for one', async () => {
    const answer = await login({ email: uniqueEmail(), password: '' })
    expect(answer.status).toBe(400)
    expect(answer.body.fields).toEqual({ password: 'Password is required' })
  })
})
