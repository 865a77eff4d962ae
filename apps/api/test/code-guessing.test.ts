import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accountEvents, codeTryBudgets } from '../src/db/tables/modules/accounts'
import { customers } from '../src/db/tables/modules/customers'
import { COMPANY, callPublic, latestCode, mailTo, signUpVerified, uniqueEmail, useTestApp } from './support'

const t = useTestApp()

const wrong = (code: string) => (code === '00000' ? '11111' : '00000')

/** A public call from one client address: the code budgets count per address as well as per e-mail (decision 074). */
async function callFrom(remoteAddress: string, name: string, payload: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/public/${name}`,
    payload: { brandName: 'Helvex', ...payload },
    remoteAddress,
  })
  await t.app.jobs.issueCodes()
  return { status: response.statusCode, body: response.json(), headers: response.headers }
}

async function newResetCode(email: string, remoteAddress = '127.0.0.1') {
  t.clock.advance(31_000)
  const answer = await callFrom(remoteAddress, 'homeStartResetPassword', { email, companyDetails: COMPANY })
  return { answer, code: answer.body.result ? await latestCode(t.db, email) : undefined }
}

describe('guessing codes', () => {
  it('pauses codes for the day after 15 wrong tries across codes, even for a right code, and mails the owner once', async () => {
    const customer = await signUpVerified(t)
    const answers: string[] = []
    let last = ''
    let lastAddress = ''
    for (let round = 0; round < 3; round++) {
      lastAddress = `203.0.113.${round + 1}`
      const { code } = await newResetCode(customer.email, lastAddress)
      last = code!
      for (let i = 0; i < 5; i++)
        answers.push(
          (await callFrom(lastAddress, 'homeCheckToken', { email: customer.email, code: wrong(last) })).body.error,
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
    // A reset asked without the password or a trusted device proves nothing: its code is paused for its asker too.
    const check = await callFrom(lastAddress, 'homeCheckToken', { email: customer.email, code: last })
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
    const budgets = await t.db.select().from(codeTryBudgets).where(eq(codeTryBudgets.email, customer.email))
    expect(
      budgets
        .map(({ requester, tries }) => ({ requester, tries }))
        .sort((a, b) => a.requester.localeCompare(b.requester)),
    ).toEqual([
      { requester: '*', tries: 15 },
      // The owner's own right code at sign-up took nothing.
      { requester: 'ip:127.0.0.1', tries: 0 },
      { requester: 'ip:203.0.113.1', tries: 5 },
      { requester: 'ip:203.0.113.2', tries: 5 },
      { requester: 'ip:203.0.113.3', tries: 5 },
    ])

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
    const budgets = await t.db.select().from(codeTryBudgets).where(eq(codeTryBudgets.email, customer.email))
    expect(budgets.map((budget) => budget.tries)).toEqual([0, 0])
  })

  it('counts tries for an unknown e-mail as for a known one, and mails nobody', async () => {
    const email = uniqueEmail('nobody')
    const answers = []
    for (let i = 0; i < 16; i++)
      answers.push((await callFrom(`198.51.100.${i % 2}`, 'verifycode', { email, code: '12345' })).body)
    expect(answers.slice(0, 15).every((answer) => answer.error === 'code_invalid')).toBe(true)
    expect(answers[15]).toMatchObject({ result: false, error: 'codes_paused' })
    expect(await mailTo(t.db, email)).toHaveLength(0)
  })

  it('pauses one address after its ten wrong tries of the day, and only that address', async () => {
    const customer = await signUpVerified(t)
    const stranger = '203.0.113.77'
    const answers: string[] = []
    for (let i = 0; i < 11; i++)
      answers.push((await callFrom(stranger, 'verifycode', { email: customer.email, code: '00000' })).body.error)
    expect(answers.slice(0, 10)).toEqual(Array(10).fill('code_invalid'))
    expect(answers[10]).toBe('codes_paused')

    const { code } = await newResetCode(customer.email, '198.51.100.77')
    expect((await callFrom('198.51.100.77', 'homeCheckToken', { email: customer.email, code })).body).toEqual({
      result: true,
    })
    const refused = await callFrom(stranger, 'homeStartResetPassword', {
      email: customer.email,
      companyDetails: COMPANY,
    })
    expect(refused.status).toBe(429)
    expect(refused.body.error).toBe('codes_paused')
  })
})
