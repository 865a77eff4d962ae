import { eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountEvents, totpFactors } from '../src/db/tables/modules/accounts'
import { customers } from '../src/db/tables/modules/customers'
import { COMPANY, type TestApp, callPublic, callUser, signUpVerified, twoProcesses } from '../test/support'

/**
 * A code is accepted once (decision 124), also when two requests bring it at the same moment to two api processes on
 * PostgreSQL: the conditional update of the last used step lets one through, the other waits for its row lock and then
 * finds the step taken. A recovery code likewise, and parallel wrong guesses are all counted.
 */
let one: TestApp
let other: TestApp
beforeAll(async () => {
  ;[one, other] = await twoProcesses()
})
afterAll(async () => {
  await other.close()
  await one.close()
})

const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() })

async function enrolled() {
  const customer = await signUpVerified(one)
  const started = await callUser(one.app, 'startTotp', customer.token, { currentPassword: customer.password })
  const secret = started.body.data.secret as string
  const confirmed = await callUser(one.app, 'confirmTotp', customer.token, { code: codeAt(secret, one.clock.now()) })
  one.clock.advance(30_000)
  return { customer, secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[] }
}

async function ticketOn(t: TestApp, customer: Awaited<ReturnType<typeof signUpVerified>>) {
  const login = await callPublic(
    t.app,
    'homelogin',
    { email: customer.email, password: customer.password, companyDetails: COMPANY },
    { cookie: `trustedDevice=${customer.device}` },
  )
  return login.body.secondFactor.ticket as string
}

const send = (t: TestApp, body: Record<string, unknown>) =>
  t.app
    .inject({ method: 'POST', url: '/v1/public/loginSecondFactor', payload: { brandName: 'Helvex', ...body } })
    .then((answer) => answer.json() as { result: boolean; error?: string; data?: { token: string } })

describe('on PostgreSQL, one code brought twice at once', () => {
  it('signs in once: the other process answers that the code was used', async () => {
    for (let round = 0; round < 3; round++) {
      const { customer, secret } = await enrolled()
      const code = codeAt(secret, one.clock.now())
      const [ticketA, ticketB] = [await ticketOn(one, customer), await ticketOn(other, customer)]
      const answers = await Promise.all([send(one, { ticket: ticketA, code }), send(other, { ticket: ticketB, code })])
      expect(
        answers.filter((answer) => answer.result === true),
        JSON.stringify(answers),
      ).toHaveLength(1)
      expect(
        answers.filter((answer) => answer.error === 'second_factor_used'),
        JSON.stringify(answers),
      ).toHaveLength(1)
      const [id] = await one.db.select({ id: customers.id }).from(customers).where(eq(customers.email, customer.email))
      const [row] = await one.db.select().from(totpFactors).where(eq(totpFactors.customerId, id!.id))
      expect(row!.lastUsedStep).toBe(Math.floor(one.clock.now().getTime() / 30_000))
    }
  })

  it('uses a recovery code once when it is brought twice at once', async () => {
    const { customer, recoveryCodes } = await enrolled()
    const [ticketA, ticketB] = [await ticketOn(one, customer), await ticketOn(other, customer)]
    const code = recoveryCodes[0]
    const answers = await Promise.all([send(one, { ticket: ticketA, code }), send(other, { ticket: ticketB, code })])
    expect(answers.filter((answer) => answer.result === true)).toHaveLength(1)
    expect(answers.filter((answer) => answer.error === 'second_factor_invalid')).toHaveLength(1)
    const [id] = await one.db.select({ id: customers.id }).from(customers).where(eq(customers.email, customer.email))
    const used = await one.db.select().from(accountEvents).where(eq(accountEvents.customerId, id!.id))
    expect(used.filter((event) => event.type === 'recovery_code_used')).toHaveLength(1)
  })

  it('counts every parallel wrong guess: five free, then the wait, on both processes', async () => {
    const { customer, secret } = await enrolled()
    const right = codeAt(secret, one.clock.now())
    const wrong = right === '000000' ? '111111' : '000000'
    const tickets: string[] = []
    for (let i = 0; i < 10; i++) tickets.push(await ticketOn(i % 2 ? other : one, customer))
    const answers = await Promise.all(tickets.map((ticket, i) => send(i % 2 ? other : one, { ticket, code: wrong })))
    const compared = answers.filter((answer) => answer.error === 'second_factor_invalid')
    expect(compared.length).toBeLessThanOrEqual(6)
    expect(answers.filter((answer) => answer.error === 'rate_limited')).toHaveLength(10 - compared.length)
    const late = await send(one, { ticket: tickets[0]!, code: right })
    expect(late.error).toBe('rate_limited')
  })
})
