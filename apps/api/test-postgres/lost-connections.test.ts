import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type TestApp, buildTestApp, callUser, signUpVerified } from '../test/support'

describe('on PostgreSQL, a dropped idle connection', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  it('does not take the api down: the next request is served on a new connection', async () => {
    const customer = await signUpVerified(t)
    expect((await callUser(t.app, 'getGross', customer.token)).status).toBe(200)

    const result = (await t.db.execute(sql`SELECT current_database() AS database`)) as unknown as {
      rows: { database: string }[]
    }
    const own = result.rows[0]
    const admin = new pg.Client({ connectionString: inject('databaseUrl') })
    await admin.connect()
    // In the select list, so that only the rows the WHERE kept are terminated (a WHERE may be evaluated in any order).
    const { rows: terminated } = await admin.query<{ pid: number; signalled: boolean }>(
      "SELECT pid, pg_terminate_backend(pid) AS signalled FROM pg_stat_activity WHERE datname = $1 AND state = 'idle'",
      [own?.database],
    )
    expect(terminated.length).toBeGreaterThan(0)
    expect(terminated.every((row) => row.signalled)).toBe(true)
    // pg_terminate_backend only signals: wait until the server has really closed those connections (a busy machine
    // can take a while). The next request may then find a dead connection in the pool before the pool hears of it.
    const pids = terminated.map((row) => row.pid)
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = ANY($1)', [pids])
      if (rowCount === 0) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await admin.end()
    expect((await callUser(t.app, 'getGross', customer.token)).status).toBe(200)
  })
})
