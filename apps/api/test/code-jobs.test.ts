import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountEvents, verificationCodes } from '../src/db/tables/modules/accounts'
import {
  COMPANY,
  type TestApp,
  buildTestApp,
  callPublic,
  latestCode,
  mailTo,
  signUpVerified,
  uniqueEmail,
} from './support'

// Every process of one deployment shares the session secret (it also seals the queued mail and keys the codes).
const JWT_SECRET = 'code-jobs-test-secret-0123456789-abcdefghij'

async function codeJobStates(t: TestApp, email: string) {
  const result = (await t.db.execute(
    sql`SELECT state FROM pgboss.job WHERE name = 'issue-code' AND data->>'email' = ${email}`,
  )) as unknown as { rows: { state: string }[] }
  return result.rows.map((row) => row.state)
}

async function askReset(t: TestApp, email: string) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/v1/public/homeStartResetPassword',
    payload: { brandName: 'Helvex', email, companyDetails: COMPANY },
  })
  return answer.json() as unknown
}

async function resetCodes(t: TestApp, email: string) {
  return t.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, 'reset')))
}

describe('a code asked for just before the process stops', () => {
  let first: TestApp
  let next: TestApp | undefined
  beforeAll(async () => {
    first = await buildTestApp({ env: { JWT_SECRET } })
  })
  afterAll(async () => {
    await next?.close()
    await first.close()
  })

  it('is made and mailed by the next process on the database, and resets the password there', async () => {
    const { email } = await signUpVerified(first)
    first.clock.advance(31_000)
    expect(await askReset(first, email)).toEqual({ result: true, retryAfterSeconds: 30 })
    await first.closeApp()
    expect(await codeJobStates(first, email)).toEqual(['created'])
    expect(await resetCodes(first, email)).toHaveLength(0)

    next = await buildTestApp({ env: { JWT_SECRET }, sameDatabaseAs: first })
    expect(await next.app.jobs.issueCodes()).toBe(1)
    expect((await mailTo(next.db, email))[0]?.template).toBe('code_reset')
    const code = await latestCode(next.db, email)
    const reset = await callPublic(next.app, 'homeCompleteResetPassword', { email, code, password: 'new secret 2' })
    expect(reset.body.result).toBe(true)
    expect(await codeJobStates(next, email)).toEqual(['completed'])
  })
})

describe('an issue-code job run again', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  /** As pg-boss does when the run's process died after its commit, before the job was marked done. */
  async function retryCodeJobsOf(email: string) {
    await t.db.execute(
      sql`UPDATE pgboss.job SET state = 'retry', completed_on = NULL, retry_count = retry_count + 1
          WHERE name = 'issue-code' AND data->>'email' = ${email}`,
    )
  }

  it('mails one reset code, however often it runs', async () => {
    const { email } = await signUpVerified(t)
    t.clock.advance(31_000)
    await askReset(t, email)
    expect(await t.app.jobs.issueCodes()).toBe(1)
    const code = await latestCode(t.db, email)

    await retryCodeJobsOf(email)
    expect(await t.app.jobs.issueCodes()).toBe(1)
    expect(await codeJobStates(t, email)).toEqual(['completed'])
    expect(await resetCodes(t, email)).toHaveLength(1)
    expect((await mailTo(t.db, email)).filter((mail) => mail.template === 'code_reset')).toHaveLength(1)
    expect(await latestCode(t.db, email)).toBe(code)
    const events = await t.db
      .select()
      .from(accountEvents)
      .where(and(eq(accountEvents.email, email), eq(accountEvents.type, 'password_reset_requested')))
    expect(events).toHaveLength(1)
  })

  it('mails one new code of /code, however often it runs', async () => {
    const email = uniqueEmail('resend')
    await callPublic(t.app, 'homesignup', { email, password: 'secret1', token: 'DIRECT', companyDetails: COMPANY })
    t.clock.advance(31_000)
    await t.app.inject({
      method: 'POST',
      url: '/v1/public/homeresendcode',
      payload: { brandName: 'Helvex', email, companyDetails: COMPANY },
    })
    expect(await t.app.jobs.issueCodes()).toBe(1)
    await retryCodeJobsOf(email)
    expect(await t.app.jobs.issueCodes()).toBe(1)
    expect((await mailTo(t.db, email)).map((mail) => mail.template)).toEqual(['code_verify_email', 'code_verify_email'])
    const live = await t.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.email, email), sql`${verificationCodes.replacedAt} is null`))
    expect(live).toHaveLength(1)
  })

  it('does nothing for an unknown e-mail, run or retried', async () => {
    const email = uniqueEmail('ghost')
    await askReset(t, email)
    expect(await t.app.jobs.issueCodes()).toBe(1)
    await retryCodeJobsOf(email)
    expect(await t.app.jobs.issueCodes()).toBe(1)
    expect(await mailTo(t.db, email)).toHaveLength(0)
    expect(await resetCodes(t, email)).toHaveLength(0)
  })
})
