import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { customers } from '../src/db/tables/modules/customers'
import { devOutbox } from '../src/db/tables/providers/mail'
import { COMPANY, type TestApp, buildTestApp, uniqueEmail } from '../test/support'
import { type ApiProcess, DEPLOYMENT_SECRETS, namedConnections, startApiProcess } from './api-process'

const PROCESS = 'stopping api process'

describe('an api process sent SIGTERM with a call and a job in flight (decision 072)', () => {
  let t: TestApp
  let api: ApiProcess | undefined
  const holders: pg.Client[] = []
  beforeAll(async () => {
    // The test's own app on the same database reads what got stored; it runs no jobs.
    t = await buildTestApp({ env: DEPLOYMENT_SECRETS })
    api = await startApiProcess(namedConnections(t.databaseUrl!, PROCESS), { JOBS_ENABLED: 'true' })
  }, 180_000)
  afterAll(async () => {
    api?.signal('SIGKILL')
    for (const holder of holders) await holder.end().catch(() => {})
    await t?.close()
  })

  /** A transaction of the test's that holds `table` against writes until it commits. */
  async function holdWrites(table: string) {
    const holder = new pg.Client({ connectionString: t.databaseUrl })
    holders.push(holder)
    await holder.connect()
    await holder.query('BEGIN')
    await holder.query(`LOCK TABLE ${table} IN SHARE MODE`)
    return () => holder.query('COMMIT')
  }
  /** The statements of the process that wait for a lock, by their first words. */
  async function waitingStatements(): Promise<string[]> {
    const result = (await t.db.execute(
      sql`SELECT query FROM pg_stat_activity WHERE application_name = ${PROCESS} AND wait_event_type = 'Lock'`,
    )) as unknown as { rows: { query: string }[] }
    return result.rows.map((row) => row.query.slice(0, 40))
  }
  async function connectionsOfTheProcess(): Promise<number> {
    const result = (await t.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ${PROCESS}`,
    )) as unknown as { rows: { n: number }[] }
    return result.rows[0]!.n
  }
  const signUp = (email: string) =>
    api!.callPublic('homesignup', { email, password: 'correct horse', token: 'DIRECT', companyDetails: COMPANY })

  it('takes no new call, answers the call in flight, finishes the job it runs, closes its connections, exits 0', async () => {
    const server = api!
    // The first customer's sign-up is answered; its code mail is then held at the outbox by the test.
    const releaseOutbox = await holdWrites('dev_outbox')
    const first = uniqueEmail('before-stop')
    expect(await signUp(first)).toMatchObject({ status: 200, body: { result: true } })
    await vi.waitFor(
      async () => expect(await waitingStatements()).toEqual([expect.stringMatching(/^insert into "dev_outbox"/)]),
      {
        timeout: 30_000,
        interval: 50,
      },
    )

    // The second customer's sign-up waits inside its transaction: the account trail is held.
    const releaseTrail = await holdWrites('account_events')
    const second = uniqueEmail('in-flight')
    const inFlight = signUp(second)
    await vi.waitFor(async () => expect(await waitingStatements()).toHaveLength(2), { timeout: 30_000, interval: 50 })

    server.signal('SIGTERM')
    // No new call is taken: the port refuses connections while the process is still finishing.
    await vi.waitFor(
      async () => {
        const refused = await fetch(`${server.url}/livez`).then(
          () => undefined,
          (error: { cause?: { code?: string } }) => error.cause?.code,
        )
        expect(refused).toBe('ECONNREFUSED')
      },
      { timeout: 5_000, interval: 20 },
    )
    expect(server.running()).toBe(true)

    // The call in flight is answered in full, and what it did is stored.
    await releaseTrail()
    expect(await inFlight).toMatchObject({ status: 200, body: { result: true } })
    expect(await t.db.select({ email: customers.email }).from(customers).where(eq(customers.email, second))).toEqual([
      { email: second },
    ])
    // The job being run finishes before the process ends.
    expect(server.running()).toBe(true)
    await releaseOutbox()
    expect(await server.exited, server.output()).toEqual({ code: 0, signal: null })

    expect(await t.db.select().from(devOutbox).where(eq(devOutbox.to, first))).toHaveLength(1)
    // The second customer's mail was not claimed after the stop began: it waits, stored, for the next process.
    expect(await t.db.select().from(devOutbox).where(eq(devOutbox.to, second))).toHaveLength(0)
    expect(await t.app.jobs.deliverMail()).toBe(1)
    expect(await t.db.select().from(devOutbox).where(eq(devOutbox.to, second))).toHaveLength(1)
    // Every connection of the process was closed, the pool and the change feed's alike.
    await vi.waitFor(async () => expect(await connectionsOfTheProcess()).toBe(0), { timeout: 10_000, interval: 50 })
    expect(server.output()).not.toMatch(/shutdown took too long|Unhandled|uncaught/i)
  })
})
