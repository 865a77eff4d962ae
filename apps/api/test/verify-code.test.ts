import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { customers } from '../src/db/tables/modules/customers'
import { trustedDevices, verificationCodes } from '../src/db/tables/modules/accounts'
import { COMPANY, callPublic, callUser, latestCode, mailTo, uniqueEmail, useTestApp } from './support'

const t = useTestApp()

async function signUp(email = uniqueEmail()) {
  await callPublic(t.app, 'homesignup', { email, password: 'secret1', token: 'DIRECT', companyDetails: COMPANY })
  return { email, code: await latestCode(t.db, email) }
}

function wrong(code: string): string {
  return code === '00000' ? '11111' : '00000'
}

describe('verifycode', () => {
  it('confirms the e-mail, answers a working token and remembers the browser', async () => {
    const { email, code } = await signUp()
    const answer = await callPublic(t.app, 'verifycode', { email, code })

    expect(answer.body).toEqual({ result: true, data: { token: expect.any(String) } })
    const [customer] = await t.db.select().from(customers).where(eq(customers.email, email))
    expect(customer?.emailVerifiedAt).toBeInstanceOf(Date)
    const gross = await callUser(t.app, 'getGross', answer.body.data.token)
    expect(gross.body.data.userName).toBe(email)
    const device = answer.cookies.find((cookie) => cookie.name === 'trustedDevice')
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/v1/public' })
    expect(await t.db.select().from(trustedDevices).where(eq(trustedDevices.customerId, customer!.id))).toHaveLength(1)
  })

  it('refuses a wrong code', async () => {
    const { email, code } = await signUp()
    const answer = await callPublic(t.app, 'verifycode', { email, code: wrong(code) })
    expect(answer.body).toEqual({ result: false, error: 'code_invalid' })
    const [customer] = await t.db.select().from(customers).where(eq(customers.email, email))
    expect(customer?.emailVerifiedAt).toBeNull()
  })

  it('refuses the 6th try even when it is right: five wrong tries void the code', async () => {
    const { email, code } = await signUp()
    const answers = []
    for (let i = 0; i < 5; i++)
      answers.push((await callPublic(t.app, 'verifycode', { email, code: wrong(code) })).body.error)
    expect(answers).toEqual(['code_invalid', 'code_invalid', 'code_invalid', 'code_invalid', 'code_attempts_exceeded'])

    const sixth = await callPublic(t.app, 'verifycode', { email, code })
    expect(sixth.body).toEqual({ result: false, error: 'code_attempts_exceeded' })
    const [customer] = await t.db.select().from(customers).where(eq(customers.email, email))
    expect(customer?.emailVerifiedAt).toBeNull()
  })

  it('refuses an expired code after 10 minutes', async () => {
    const { email, code } = await signUp()
    t.clock.advance(10 * 60_000)
    const answer = await callPublic(t.app, 'verifycode', { email, code })
    expect(answer.body).toEqual({ result: false, error: 'code_expired' })
  })

  it('accepts a code just before it expires', async () => {
    const { email, code } = await signUp()
    t.clock.advance(10 * 60_000 - 1_000)
    const answer = await callPublic(t.app, 'verifycode', { email, code })
    expect(answer.body.result).toBe(true)
  })

  it('refuses a code used once already', async () => {
    const { email, code } = await signUp()
    expect((await callPublic(t.app, 'verifycode', { email, code })).body.result).toBe(true)
    const again = await callPublic(t.app, 'verifycode', { email, code })
    expect(again.body).toEqual({ result: false, error: 'code_invalid' })
  })

  it('refuses a code replaced by a newer one, and accepts the newer one', async () => {
    const { email, code: first } = await signUp()
    t.clock.advance(31_000)
    expect((await callPublic(t.app, 'homeresendcode', { email, companyDetails: COMPANY })).body).toEqual({
      result: true,
      retryAfterSeconds: 30,
    })
    const second = await latestCode(t.db, email)
    const rows = await t.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.email, email))
      .orderBy(verificationCodes.createdAt)
    expect(rows.map((row) => row.replacedAt !== null)).toEqual([true, false])

    if (first !== second)
      expect((await callPublic(t.app, 'verifycode', { email, code: first })).body).toEqual({
        result: false,
        error: 'code_invalid',
      })
    expect((await callPublic(t.app, 'verifycode', { email, code: second })).body.result).toBe(true)
  })

  it('refuses a code of another e-mail', async () => {
    const a = await signUp()
    const b = await signUp()
    const answer = await callPublic(t.app, 'verifycode', {
      email: b.email,
      code: a.code === b.code ? wrong(b.code) : a.code,
    })
    expect(answer.body).toEqual({ result: false, error: 'code_invalid' })
  })

  it('refuses a password-reset code: a code serves one purpose', async () => {
    const { email, code } = await signUp()
    await callPublic(t.app, 'verifycode', { email, code })
    t.clock.advance(31_000)
    await callPublic(t.app, 'homeStartResetPassword', { email, companyDetails: COMPANY })
    const resetCode = await latestCode(t.db, email)
    const answer = await callPublic(t.app, 'verifycode', { email, code: resetCode })
    expect(answer.body).toEqual({ result: false, error: 'code_invalid' })
  })

  it('answers code_invalid for an unknown e-mail', async () => {
    const answer = await callPublic(t.app, 'verifycode', { email: uniqueEmail('nobody'), code: '12345' })
    expect(answer.body).toEqual({ result: false, error: 'code_invalid' })
  })

  it.each(['1234', '123456', 'abcde', '12 45', 12345])('refuses the malformed code %j with 400', async (code) => {
    const answer = await callPublic(t.app, 'verifycode', { email: uniqueEmail(), code })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({
      result: false,
      error: 'validation_failed',
      fields: { code: 'Code must be 5 digits' },
    })
  })
})

describe('homeresendcode', () => {
  it('refuses a resend within 30 seconds with 429 and Retry-After, and sends nothing', async () => {
    const { email } = await signUp()
    t.clock.advance(10_000)
    const answer = await callPublic(t.app, 'homeresendcode', { email, companyDetails: COMPANY })
    expect(answer.status).toBe(429)
    expect(answer.body).toEqual({ result: false, error: 'resend_too_soon', retryAfterSeconds: 20 })
    expect(answer.headers['retry-after']).toBe('20')
    expect(await mailTo(t.db, email)).toHaveLength(1)
  })

  it('sends a new code after the cooldown', async () => {
    const { email } = await signUp()
    t.clock.advance(30_000)
    const answer = await callPublic(t.app, 'homeresendcode', { email, companyDetails: COMPANY })
    expect(answer.body).toEqual({ result: true, retryAfterSeconds: 30 })
    expect(await mailTo(t.db, email)).toHaveLength(2)
  })

  it('stops at five codes an hour per e-mail', async () => {
    const { email } = await signUp()
    for (let i = 0; i < 4; i++) {
      t.clock.advance(31_000)
      expect((await callPublic(t.app, 'homeresendcode', { email, companyDetails: COMPANY })).body).toEqual({
        result: true,
        retryAfterSeconds: 30,
      })
    }
    t.clock.advance(31_000)
    const capped = await callPublic(t.app, 'homeresendcode', { email, companyDetails: COMPANY })
    expect(capped.status).toBe(429)
    expect(capped.body).toMatchObject({ result: false, error: 'resend_limit_reached' })
    expect(capped.body.retryAfterSeconds).toBeGreaterThan(0)
    expect(await mailTo(t.db, email)).toHaveLength(5)

    t.clock.advance(60 * 60_000)
    expect((await callPublic(t.app, 'homeresendcode', { email, companyDetails: COMPANY })).body).toEqual({
      result: true,
      retryAfterSeconds: 30,
    })
  })

  it('answers alike for an unknown e-mail and sends nothing', async () => {
    const email = uniqueEmail('unknown')
    const answer = await callPublic(t.app, 'homeresendcode', { email, companyDetails: COMPANY })
    expect(answer.body).toEqual({ result: true, retryAfterSeconds: 30 })
    expect(await mailTo(t.db, email)).toHaveLength(0)
  })

  it('sends nothing to a confirmed customer who is not waiting for a code', async () => {
    const { email, code } = await signUp()
    await callPublic(t.app, 'verifycode', { email, code })
    t.clock.advance(31_000)
    const answer = await callPublic(t.app, 'homeresendcode', { email, companyDetails: COMPANY })
    expect(answer.body).toEqual({ result: true, retryAfterSeconds: 30 })
    expect(await mailTo(t.db, email)).toHaveLength(1)
  })
})
