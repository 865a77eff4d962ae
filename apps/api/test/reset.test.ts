import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { customers } from '../src/db/tables/modules/customers'
import { sessions } from '../src/db/tables/modules/sessions'
import { trustedDevices } from '../src/db/tables/modules/accounts'
import { COMPANY, callPublic, callUser, latestCode, mailTo, signUpVerified, uniqueEmail, useTestApp } from './support'

const t = useTestApp()

async function startReset(email: string) {
  t.clock.advance(31_000)
  return callPublic(t.app, 'homeStartResetPassword', { email, companyDetails: COMPANY })
}

describe('password reset', () => {
  it('answers the same for an unknown e-mail and sends it nothing', async () => {
    const customer = await signUpVerified(t)
    const known = await startReset(customer.email)
    const unknownEmail = uniqueEmail('ghost')
    const unknown = await startReset(unknownEmail)
    expect(known.status).toBe(unknown.status)
    expect(known.body).toEqual({ result: true, retryAfterSeconds: 30 })
    expect(unknown.body).toEqual(known.body)
    expect(await mailTo(t.db, unknownEmail)).toHaveLength(0)
    const [mail] = await mailTo(t.db, customer.email)
    expect(mail?.template).toBe('code_reset')
    expect(mail?.subject).toMatch(/^\d{5} is your Helvex password reset code$/)
  })

  it('checks the code without using it up', async () => {
    const customer = await signUpVerified(t)
    await startReset(customer.email)
    const code = await latestCode(t.db, customer.email)
    expect((await callPublic(t.app, 'homeCheckToken', { email: customer.email, code })).body).toEqual({ result: true })
    expect((await callPublic(t.app, 'homeCheckToken', { email: customer.email, code })).body).toEqual({ result: true })
    const done = await callPublic(t.app, 'homeCompleteResetPassword', {
      email: customer.email,
      code,
      password: 'brand new pass',
      companyDetails: COMPANY,
    })
    expect(done.body).toEqual({ result: true })
  })

  it('refuses a wrong code at the check', async () => {
    const customer = await signUpVerified(t)
    await startReset(customer.email)
    const code = await latestCode(t.db, customer.email)
    const answer = await callPublic(t.app, 'homeCheckToken', {
      email: customer.email,
      code: code === '99999' ? '11111' : '99999',
    })
    expect(answer.body).toEqual({ result: false, error: 'code_invalid' })
  })

  it('sets the new password, uses the code up, signs out every session and mails a notice', async () => {
    const customer = await signUpVerified(t)
    const otherSession = (
      await callPublic(
        t.app,
        'homelogin',
        { email: customer.email, password: customer.password, companyDetails: COMPANY },
        { cookie: `trustedDevice=${customer.device}` },
      )
    ).body.data.token
    await startReset(customer.email)
    const code = await latestCode(t.db, customer.email)

    const done = await callPublic(t.app, 'homeCompleteResetPassword', {
      email: customer.email,
      code,
      password: 'brand new pass',
      companyDetails: COMPANY,
    })
    expect(done.body).toEqual({ result: true })

    expect((await callUser(t.app, 'getGross', customer.token)).status).toBe(401)
    expect((await callUser(t.app, 'getGross', otherSession)).status).toBe(401)
    const [customerRow] = await t.db.select().from(customers).where(eq(customers.email, customer.email))
    const rows = await t.db.select().from(sessions).where(eq(sessions.customerId, customerRow!.id))
    expect(rows.every((row) => row.revokedReason === 'password_reset')).toBe(true)

    const headers = { cookie: `trustedDevice=${customer.device}` }
    const oldLogin = await callPublic(
      t.app,
      'homelogin',
      { email: customer.email, password: customer.password, companyDetails: COMPANY },
      headers,
    )
    expect(oldLogin.body).toEqual({ result: false, error: 'invalid_credentials' })
    // The browser trusted before the reset is forgotten with the old password: the new one asks for a code.
    const newLogin = await callPublic(
      t.app,
      'homelogin',
      { email: customer.email, password: 'brand new pass', companyDetails: COMPANY },
      headers,
    )
    expect(newLogin.body).toEqual({ result: true, code: true, retryAfterSeconds: 30 })
    expect(await t.db.select().from(trustedDevices).where(eq(trustedDevices.customerId, customerRow!.id))).toEqual([])

    const reused = await callPublic(t.app, 'homeCompleteResetPassword', {
      email: customer.email,
      code,
      password: 'yet another',
      companyDetails: COMPANY,
    })
    expect(reused.body).toEqual({ result: false, error: 'code_invalid' })

    const notice = (await mailTo(t.db, customer.email)).find((mail) => mail.template === 'password_changed')
    expect(notice?.text).toContain('signed out')
  })

  it('refuses a new password that breaks the rules and changes nothing', async () => {
    const customer = await signUpVerified(t)
    await startReset(customer.email)
    const code = await latestCode(t.db, customer.email)
    const [before] = await t.db.select().from(customers).where(eq(customers.email, customer.email))
    const answer = await callPublic(t.app, 'homeCompleteResetPassword', {
      email: customer.email,
      code,
      password: '123',
      companyDetails: COMPANY,
    })
    expect(answer.status).toBe(400)
    expect(answer.body.fields).toEqual({ password: 'Password must be at least 6 characters' })
    const [after] = await t.db.select().from(customers).where(eq(customers.email, customer.email))
    expect(after?.passwordHash).toBe(before?.passwordHash)
    expect((await callUser(t.app, 'getGross', customer.token)).status).toBe(200)
  })

  it('refuses an expired reset code', async () => {
    const customer = await signUpVerified(t)
    await startReset(customer.email)
    const code = await latestCode(t.db, customer.email)
    t.clock.advance(11 * 60_000)
    const answer = await callPublic(t.app, 'homeCompleteResetPassword', {
      email: customer.email,
      code,
      password: 'brand new pass',
      companyDetails: COMPANY,
    })
    expect(answer.body).toEqual({ result: false, error: 'code_expired' })
  })

  it('counts wrong checks, so the code cannot be guessed through homeCheckToken', async () => {
    const customer = await signUpVerified(t)
    await startReset(customer.email)
    const code = await latestCode(t.db, customer.email)
    const wrong = code === '00000' ? '11111' : '00000'
    for (let i = 0; i < 5; i++) await callPublic(t.app, 'homeCheckToken', { email: customer.email, code: wrong })
    const answer = await callPublic(t.app, 'homeCompleteResetPassword', {
      email: customer.email,
      code,
      password: 'brand new pass',
      companyDetails: COMPANY,
    })
    expect(answer.body).toEqual({ result: false, error: 'code_attempts_exceeded' })
  })

  it('does not accept an e-mail confirmation code as a reset code', async () => {
    const email = uniqueEmail()
    await callPublic(t.app, 'homesignup', { email, password: 'secret1', token: 'DIRECT', companyDetails: COMPANY })
    const signupCode = await latestCode(t.db, email)
    const answer = await callPublic(t.app, 'homeCheckToken', { email, code: signupCode })
    expect(answer.body).toEqual({ result: false, error: 'code_invalid' })
  })
})
