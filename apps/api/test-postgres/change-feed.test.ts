import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { listenOnPostgres } from '../src/db/change-feed'
import { customers } from '../src/db/tables/modules/customers'
import { CUSTOMER_CHANGED } from '../src/modules/users/gross.service'
import { type TestApp, buildTestApp, callUser, signUpVerified } from '../test/support'
import { ADA_DETAILS } from '../test/support/customer-fixtures'

const FEED = 'change feed customer_changed'

describe('on PostgreSQL, a lost change feed (decision 058)', () => {
  let t: TestApp
  let admin: pg.Client
  let database: string
  beforeAll(async () => {
    t = await buildTestApp()
    admin = new pg.Client({ connectionString: inject('databaseUrl') })
    await admin.connect()
    database = new URL(t.databaseUrl!).pathname.slice(1)
  })
  afterAll(async () => {
    await admin.end()
    await t.close()
  })

  const firstNameOf = async (token: string) => {
    const answer = await callUser(t.app, 'getGross', token)
    expect(answer.status).toBe(200)
    return answer.body.data.details.firstName as string | null
  }
  const renameUnannounced = (email: string, firstName: string) =>
    t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`)
      await tx.update(customers).set({ firstName }).where(eq(customers.email, email))
    })
  const listeners = async () =>
    (
      await admin.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = $2',
        [database, FEED],
      )
    ).rows.map((row) => row.pid)
  /** Waits until `done` holds: the server ends a backend, and the feed reconnects, on schedules of their own. */
  const until = (done: () => Promise<boolean>) =>
    vi.waitFor(async () => expect(await done()).toBe(true), { timeout: 10_000, interval: 50 })

  it('forgets what it kept when the feed is lost, and keeps answers again once it listens again', async () => {
    const customer = await signUpVerified(t)
    expect(await firstNameOf(customer.token)).toBeNull()
    // Kept: a change nobody announces is not seen.
    await renameUnannounced(customer.email, 'Kept')
    expect(await firstNameOf(customer.token)).toBeNull()

    const [listener] = await listeners()
    expect(listener).toBeDefined()
    await admin.query('SELECT pg_terminate_backend($1)', [listener])
    await until(async () => !(await listeners()).includes(listener!))

    // A change announced while nobody listens is missed: what was kept before the loss must not be answered again.
    expect(await firstNameOf(customer.token)).toBe('Kept')
    expect((await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)).body.result).toBe(true)

    // Listening again (the feed reconnects on its own), answers are kept again, none from before the loss.
    const answered: (string | null)[] = []
    await until(async () => {
      const before = await firstNameOf(customer.token)
      answered.push(before)
      await renameUnannounced(customer.email, `Kept again ${answered.length}`)
      return (await firstNameOf(customer.token)) === before
    })
    expect(answered.filter((name) => name === null || name === 'Kept')).toEqual([])
    // An announced change is seen at once.
    const saved = await callUser(t.app, 'saveClientDetails', customer.token, { ...ADA_DETAILS, firstName: 'Augusta' })
    expect(saved.body.result).toBe(true)
    expect(await firstNameOf(customer.token)).toBe('Augusta')
  })

  it('on a server before PostgreSQL 15, keeps no feed and says so: every answer is read from the database', async () => {
    const warnings: string[] = []
    const reset = vi.fn()
    const before = await listeners()
    const feed = await listenOnPostgres(
      t.databaseUrl!,
      CUSTOMER_CHANGED,
      { onChange: () => {}, onReset: reset },
      { warn: (_obj, message) => warnings.push(message) },
      // A version number above any server's stands for a server older than the feed needs.
      Number.MAX_SAFE_INTEGER,
    )
    try {
      expect(warnings).toEqual(['PostgreSQL before 15: no change feed, answers are read from the database every time'])
      expect(await feed.caughtUp()).toBe(false)
      expect(reset).not.toHaveBeenCalled()
      expect(await listeners()).toEqual(before)
    } finally {
      await feed.close()
    }
  })
})
