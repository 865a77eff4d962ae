import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountEvents, codeTryBudgets, customers } from '../src/db/schema'
import {
  COMPANY,
  type TestApp,
  buildTestApp,
  callPublic,
  latestCode,
  mailTo,
  signUpVerified,
  uniqueEmail,
} from './build-test-app'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const wrong = (code: string) => (code === '00000' ? '11111' : '00000')

async function newResetCode(email: string) {
  t.clock.advance(31_000)
  const answer = await callPublic(t.app, 'homeStartResetPassword', { email, companyDetails: COMPANY })
  return { answer, code: answer.body.result ? await latestCode(t.db, email) : undefined }
}

describe('guessing codes', () => {
  it('pauses codes for the day after 15 wrong tries across codes, even for a right code, and mails the owner once', async () => {
    const customer = await signUpVerified(t)
    const answers: string[] = []
    let last = ''
    for (let round = 0; round < 3; round++) {
      const { code } = await newResetCode(customer.email)
      last = code!
      for (let i = 0; i < 5; i++)
        answers.push(
          (await callPublic(t.app, 'homeCheckToken', { email: customer.email, code: wrong(last) })).body.error,
        )
    }
    expect(answers.filter((error) => error === 'code_attempts_exceeded')).toHaveLength(3)
    expect(answers.filter((error) => error === 'code_invalid')).toHaveLength(12)

    // A fourth code is not sent, and no code is checked, until the day is over.
    const refusedReset = await callPublic(t.app, 'homeStartResetPassword', {
      email: customer.email,
      companyDetails: COMPANY,
    })
    expect(refusedReset.status).toBe(429)
    expect(refusedReset.body).toEqual({ result: false, error: 'codes_paused', retryAfterSeconds: expect.any(Number) })
    expect(refusedReset.body.retryAfterSeconds).toBeGreaterThan(23 * 3600)
    expect(refusedReset.headers['retry-after']).toBe(String(refusedReset.body.retryAfterSeconds))
    const check = await callPublic(t.app, 'homeCheckToken', { email: customer.email, code: last })
    expect(check.status).toBe(429)
    expect(check.body.error).toBe('codes_paused')
    const verify = await callPublic(t.app, 'verifycode', { email: customer.email, code: '12345' })
    expect(verify.body.error).toBe('codes_paused')

    const notices = (await mailTo(t.db, customer.email)).filter((mail) => mail.template === 'codes_paused')
    expect(notices).toHaveLength(1)
    expect(notices[0]?.text).toContain('your password and your funds are safe')
    const [owner] = await t.db.select().from(customers).where(eq(customers.email, customer.email))
    const events = await t.db.select().from(accountEvents).where(eq(accountEvents.customerId, owner!.id))
    expect(events.filter((event) => event.type === 'codes_paused')).toHaveLength(1)
    const [budget] = await t.db.select().from(codeTryBudgets).where(eq(codeTryBudgets.email, customer.email))
    expect(budget?.tries).toBe(15)

    // The next day codes work again.
    t.clock.advance(24 * 3_600_000)
    const { code } = await newResetCode(customer.email)
    expect((await callPublic(t.app, 'homeCheckToken', { email: customer.email, code })).body).toEqual({
      result: true,
    })
  })

  it('gives a right code its try back: the budget counts wrong tries only', async () => {
    const customer = await signUpVerified(t)
    const { code } = await newResetCode(customer.email)
    for (let i = 0; i < 3; i++) await callPublic(t.app, 'homeCheckToken', { email: customer.email, code })
    const [budget] = await t.db.select().from(codeTryBudgets).where(eq(codeTryBudgets.email, customer.email))
    expect(budget?.tries).toBe(0)
  })

  it('counts tries for an unknown e-mail as for a known one, and mails nobody', async () => {
    const email = uniqueEmail('nobody')
    const answers = []
    for (let i = 0; i < 16; i++) answers.push((await callPublic(t.app, 'verifycode', { email, code: '12345' })).body)
    expect(answers.slice(0, 15).every((answer) => answer.error === 'code_invalid')).toBe(true)
    expect(answers[15]).toMatchObject({ result: false, error: 'codes_paused' })
    expect(await mailTo(t.db, email)).toHaveLength(0)
  })
})
