import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { devOutbox } from '../src/db/tables/providers/mail'
import { rates } from '../src/db/tables/modules/rates'
import type { MailTransport } from '../src/providers/mail/mail.provider'
import { COMPANY, type TestApp, buildTestApp, callPublic, uniqueEmail } from './support'

async function jobStates(t: TestApp, name: string) {
  const result = (await t.db.execute(
    sql`SELECT state, retry_count FROM pgboss.job WHERE name = ${name} ORDER BY created_on`,
  )) as unknown as { rows: { state: string; retry_count: number }[] }
  return result.rows
}

describe('the job queue with workers running (JOBS_ENABLED=true)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { JOBS_ENABLED: 'true' } })
  })
  afterAll(() => t.close())

  it('has prices before the first request, from a refresh-rates job', async () => {
    expect((await t.db.select().from(rates)).length).toBeGreaterThan(0)
    expect((await jobStates(t, 'refresh-rates'))[0]?.state).toBe('completed')
  })

  it('delivers a sign-up code to the dev outbox within moments, without a hand-run', async () => {
    const email = uniqueEmail('worker')
    await callPublic(t.app, 'homesignup', {
      email,
      password: 'correct horse',
      token: 'DIRECT',
      companyDetails: COMPANY,
    })
    await vi.waitFor(
      async () => expect(await t.db.select().from(devOutbox).where(eq(devOutbox.to, email))).toHaveLength(1),
      { timeout: 5_000, interval: 20 },
    )
  })
})

describe('a mail the transport fails to deliver', () => {
  let t: TestApp
  const lines: string[] = []
  const attempts: string[] = []
  const failing: MailTransport = {
    kind: 'smtp',
    async send(message) {
      attempts.push(message.text)
      throw new Error('421 try later')
    },
    async close() {},
  }
  beforeAll(async () => {
    t = await buildTestApp({ mailTransport: failing, logLines: lines, env: { LOG_LEVEL: 'trace' } })
  })
  afterAll(() => t.close())

  it('stays queued for a retry, sealed, and its code never reaches the log', async () => {
    const email = uniqueEmail('retry')
    await callPublic(t.app, 'homesignup', {
      email,
      password: 'correct horse',
      token: 'DIRECT',
      companyDetails: COMPANY,
    })
    expect(await t.app.jobs.deliverMail()).toBe(1)
    const code = attempts[0]?.match(/^\s*(\d{5})\s*$/m)?.[1]
    expect(code).toBeDefined()
    expect(await jobStates(t, 'send-mail')).toEqual([{ state: 'retry', retry_count: 0 }])
    // The retry waits for its delay: a second hand-run right away delivers nothing.
    expect(await t.app.jobs.deliverMail()).toBe(0)
    const stored = (await t.db.execute(
      sql`SELECT data::text AS data FROM pgboss.job WHERE name = 'send-mail'`,
    )) as unknown as {
      rows: { data: string }[]
    }
    expect(stored.rows[0]?.data).toContain(email)
    expect(stored.rows[0]?.data).not.toContain(code)
    expect(lines.join('')).toContain('421 try later')
    expect(lines.join('')).not.toContain(code)
  })
})
