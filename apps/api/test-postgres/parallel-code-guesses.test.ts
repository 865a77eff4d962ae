import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeTryBudgets, verificationCodes } from '../src/db/schema'
import { COMPANY, type TestApp, buildTestApp, callPublic, latestCode, signUpVerified } from '../test/build-test-app'

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
            payload: {
              brandName: 'Helvex',
              email: customer.email,
              code: guess,
              password: 'a new password',
              companyDetails: COMPANY,
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
      const [budget] = await t.db.select().from(codeTryBudgets).where(eq(codeTryBudgets.email, customer.email))
      expect(budget?.tries).toBe(10)
      const right = await callPublic(t.app, 'homeCheckToken', { email: customer.email, code })
      expect(right.body).toEqual({ result: false, error: 'code_attempts_exceeded' })
    },
  )
})
