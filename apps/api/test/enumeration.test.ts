import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { codeRequestBudgets, verificationCodes } from '../src/db/tables/modules/accounts'
import { COMPANY, callPublic, mailTo, signUpVerified, uniqueEmail, useTestApp } from './support'

const t = useTestApp()

let client = 0

/** The answer as a client sees it, without the wall-clock Date header; each from its own address (per-IP counts). */
async function ask(call: string, email: string) {
  client += 1
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/public/${call}`,
    payload: { brandName: 'Helvex', email, companyDetails: COMPANY },
    remoteAddress: `10.8.${Math.floor(client / 250)}.${client % 250}`,
  })
  const { date: _date, ...headers } = response.headers
  return { status: response.statusCode, body: response.body, headers }
}

/** The issue-code jobs stored for an e-mail, as the queue keeps them. */
async function codeJobs(email: string) {
  const result = (await t.db.execute(
    sql`SELECT state, data FROM pgboss.job WHERE name = 'issue-code' AND data->>'email' = ${email}`,
  )) as unknown as { rows: { state: string; data: Record<string, unknown> }[] }
  return result.rows
}

async function signUpUnconfirmed() {
  const email = uniqueEmail('unconfirmed')
  await callPublic(t.app, 'homesignup', { email, password: 'secret1', token: 'DIRECT', companyDetails: COMPANY })
  return email
}

describe('answers that do not tell whether an account exists', () => {
  it('homeStartResetPassword answers a known and an unknown e-mail alike, twice; only the account gets a code', async () => {
    const known = (await signUpVerified(t)).email
    const unknown = uniqueEmail('ghost')
    t.clock.advance(31_000)
    const first = [await ask('homeStartResetPassword', known), await ask('homeStartResetPassword', unknown)]
    expect(first[0]).toEqual(first[1])
    expect(first[0]?.status).toBe(200)
    expect(JSON.parse(first[0]!.body)).toEqual({ result: true, retryAfterSeconds: 30 })
    // Each left the same work behind: one job, holding no code.
    for (const email of [known, unknown])
      expect(await codeJobs(email)).toEqual([
        {
          state: 'created',
          data: { kind: 'reset', email, ip: expect.any(String), requestedBy: expect.any(String), byOwner: false },
        },
      ])
    const second = [await ask('homeStartResetPassword', known), await ask('homeStartResetPassword', unknown)]
    expect(second[0]).toEqual(second[1])
    expect(second[0]?.status).toBe(429)
    for (const email of [known, unknown]) expect(await codeJobs(email)).toHaveLength(1)

    // The job, not the call, tells the two apart.
    expect(await t.db.select().from(verificationCodes).where(eq(verificationCodes.email, known))).toHaveLength(1)
    expect((await mailTo(t.db, known))[0]?.template).toBe('code_reset')
    expect(await mailTo(t.db, unknown)).toHaveLength(0)
    expect(await t.db.select().from(verificationCodes).where(eq(verificationCodes.email, unknown))).toHaveLength(0)
    for (const email of [known, unknown]) {
      const budgets = await t.db.select().from(codeRequestBudgets).where(eq(codeRequestBudgets.email, email))
      expect(budgets.find((budget) => budget.purpose === 'reset')).toMatchObject({ requests: 1 })
    }
  })

  it('homeresendcode answers an unconfirmed account, a confirmed one and an unknown e-mail alike', async () => {
    const unconfirmed = await signUpUnconfirmed()
    const confirmed = (await signUpVerified(t)).email
    const unknown = uniqueEmail('ghost')
    t.clock.advance(31_000)
    for (const round of [200, 429]) {
      const answers = [
        await ask('homeresendcode', unconfirmed),
        await ask('homeresendcode', confirmed),
        await ask('homeresendcode', unknown),
      ]
      expect(answers[0]?.status).toBe(round)
      expect(answers[1]).toEqual(answers[0])
      expect(answers[2]).toEqual(answers[0])
      for (const email of [unconfirmed, confirmed, unknown])
        expect((await codeJobs(email)).map((job) => job.data)).toEqual([
          {
            kind: 'resend',
            requestedBy: expect.any(String),
            byOwner: expect.any(Boolean),
            email,
            purpose: email === confirmed ? 'login' : 'verify_email',
            ip: expect.any(String),
          },
        ])
    }
    expect((await mailTo(t.db, unconfirmed)).map((mail) => mail.template)).toEqual([
      'code_verify_email',
      'code_verify_email',
    ])
    expect(await mailTo(t.db, confirmed)).toHaveLength(1)
    expect(await mailTo(t.db, unknown)).toHaveLength(0)
  })

  it('the reset code is made after the answer, by the job', async () => {
    const email = (await signUpVerified(t)).email
    t.clock.advance(31_000)
    expect(JSON.parse((await ask('homeStartResetPassword', email)).body)).toEqual({
      result: true,
      retryAfterSeconds: 30,
    })
    const resetCodes = () =>
      t.db
        .select()
        .from(verificationCodes)
        .where(sql`${verificationCodes.email} = ${email} and ${verificationCodes.purpose} = 'reset'`)
    expect(await resetCodes()).toHaveLength(0)
    expect(await t.app.jobs.issueCodes()).toBe(1)
    expect(await resetCodes()).toHaveLength(1)
    expect((await mailTo(t.db, email))[0]?.template).toBe('code_reset')
  })
})
