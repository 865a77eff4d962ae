import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeTryBudgets, verificationCodes } from '../src/db/tables/modules/accounts'
import {
  COMPANY,
  type TestApp,
  buildTestApp,
  callPublic,
  latestCode,
  signUpVerified,
  twoProcesses,
} from '../test/support'

describe('on PostgreSQL, parallel wrong guesses of a code', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  it.each(['homeCheckToken', 'homeCompleteResetPassword'])(
    'through %s are all counted, only five are compared, and the code is void',
    async (call) => {
      const customer = await signUpVerified(t)
      t.clock.advance(31_000)
      await callPublic(t.app, 'homeStartResetPassword', { email: customer.email, companyDetails: COMPANY })
      const code = await latestCode(t.db, customer.email)
      const guesses = Array.from({ length: 10 }, (_, i) => String((Number(code) + 1 + i) % 100_000).padStart(5, '0'))
      const answers = await Promise.all(
        guesses.map((guess) =>
          t.app.inject({
            method: 'POST',
            url: `/v1/public/${call}`,
            // Each call is sent only the fields it takes (unknown fields are refused, decision 077).
            payload: {
              brandName: 'Helvex',
              email: customer.email,
              code: guess,
              ...(call === 'homeCompleteResetPassword' && { password: 'a new password', companyDetails: COMPANY }),
            },
          }),
        ),
      )
      const errors = answers.map((answer) => answer.json().error as string)
      expect(errors.filter((error) => error === 'code_invalid')).toHaveLength(4)
      expect(errors.filter((error) => error === 'code_attempts_exceeded')).toHaveLength(6)

      const [row] = await t.db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.email, customer.email))
        .orderBy(verificationCodes.createdAt)
        .then((rows) => rows.filter((stored) => stored.purpose === 'reset'))
      expect(row?.attempts).toBe(5)
      const budgets = await t.db.select().from(codeTryBudgets).where(eq(codeTryBudgets.email, customer.email))
      // Counted on the e-mail and on the one address the guesses came from (decision 074).
      expect(budgets.find((budget) => budget.requester === '*')?.tries).toBe(10)
      expect(budgets.find((budget) => budget.requester === 'ip:127.0.0.1')?.tries).toBe(10)
      // The guessing address has used its ten tries of the day; from anywhere else the code is void.
      const right = await t.app.inject({
        method: 'POST',
        url: '/v1/public/homeCheckToken',
        payload: { brandName: 'Helvex', email: customer.email, code },
        remoteAddress: '198.51.100.91',
      })
      expect(right.json()).toEqual({ result: false, error: 'code_attempts_exceeded' })
    },
  )
})

describe('on PostgreSQL, with two processes, strangers guessing from many addresses at once', () => {
  let first: TestApp
  let second: TestApp
  beforeAll(async () => {
    ;[first, second] = await twoProcesses()
  })
  afterAll(async () => {
    await second.close()
    await first.close()
  })

  it("are counted exactly on the e-mail, never compare the owner's code, and leave it working where it was asked", async () => {
    const owner = await signUpVerified(first)
    first.clock.advance(31_000)
    const home = '198.51.100.90'
    const login = await first.app.inject({
      method: 'POST',
      url: '/v1/public/homelogin',
      payload: { brandName: 'Helvex', email: owner.email, password: owner.password, companyDetails: COMPANY },
      remoteAddress: home,
    })
    expect(login.json()).toEqual({ result: true, code: true, retryAfterSeconds: 30 })
    const code = await latestCode(first.db, owner.email)

    // Forty guesses from twenty addresses, half through each process, all at once; one of them is the right code.
    const guesses = Array.from({ length: 40 }, (_, i) =>
      i === 39 ? code : String((Number(code) + 1 + i) % 100_000).padStart(5, '0'),
    )
    const answers = await Promise.all(
      guesses.map((guess, i) =>
        (i % 2 ? second : first).app.inject({
          method: 'POST',
          url: '/v1/public/verifycode',
          payload: { brandName: 'Helvex', email: owner.email, code: guess },
          remoteAddress: `203.0.113.${100 + (i % 20)}`,
        }),
      ),
    )
    const errors = answers.map((answer) => answer.json().error as string)
    expect(errors.filter((error) => error === 'code_invalid')).toHaveLength(15)
    expect(errors.filter((error) => error === 'codes_paused')).toHaveLength(25)
    const budgets = await first.db.select().from(codeTryBudgets).where(eq(codeTryBudgets.email, owner.email))
    expect(budgets.find((budget) => budget.requester === '*')?.tries).toBe(15)
    const [stored] = await first.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.email, owner.email))
      .then((rows) => rows.filter((row) => row.purpose === 'login'))
    expect(stored).toMatchObject({ attempts: 0, requestedBy: `ip:${home}`, requestedByOwner: true, consumedAt: null })

    const signedIn = await second.app.inject({
      method: 'POST',
      url: '/v1/public/verifycode',
      payload: { brandName: 'Helvex', email: owner.email, code },
      remoteAddress: home,
    })
    expect(signedIn.json()).toEqual({ result: true, data: { token: expect.any(String) } })
  })
})
