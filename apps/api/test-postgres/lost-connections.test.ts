import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type TestApp, buildTestApp, callUser, signUpVerified } from '../test/build-test-app'

describe('on PostgreSQL, a dropped idle connection', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  it('does not take the api down: the next request is served on a new connection', async () => {
    const customer = await signUpVerified(t)
    expect((await callUser(t.app, 'getGross', customer.token)).status).toBe(200)

    const result = (await t.db.execute(sql`SELECT current_database() AS database`)) as unknown as { rows: { database: string }[] }
    const own = result.rows[0]
    const admin = new pg.Client({ connectionString: inject('databaseUrl') })
    await admin.connect()
    const { rowCount } = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND state = 'idle'", [own?.database])
    await admin.end()
    expect(rowCount).toBeGreaterThan(0)

    // Let the pool hear that its connections closed, as it would between two requests in production.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect((await callUser(t.app, 'getGross', customer.token)).status).toBe(200)
  })
})
