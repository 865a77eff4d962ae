import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { keepPlanned, openDatabase } from './client'
import { customers } from './schema'

describe('statements kept planned on PGlite (decision 052)', () => {
  it('are prepared once on the server and answer exactly as before, whatever quotes the values hold', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined })
    try {
      const byEmail = database.db
        .select({ email: customers.email })
        .from(customers)
        .where(eq(customers.email, sql.placeholder('email')))
        .prepare('by_email')
      keepPlanned(database.db, byEmail)
      // Written as a literal (quotes doubled); a value with a backslash runs the normal way.
      const email = `o'brien'); drop table customers; --@example.com`
      const slashed = `o'brien\\'); drop table customers; --@example.com`
      await database.db.insert(customers).values({ email, passwordHash: 'x', affiliateToken: 'a' })
      await database.db.insert(customers).values({ email: slashed, passwordHash: 'x', affiliateToken: 'b' })

      // Calls that arrive together, before the statement is prepared, share the one PREPARE.
      const together = await Promise.all([1, 2, 3].map(() => byEmail.execute({ email })))
      expect(together).toEqual([[{ email }], [{ email }], [{ email }]])
      expect(await byEmail.execute({ email })).toEqual([{ email }])
      expect(await byEmail.execute({ email: slashed })).toEqual([{ email: slashed }])
      expect(await byEmail.execute({ email: 'nobody@example.com' })).toEqual([])
      expect(await database.db.select({ email: customers.email }).from(customers)).toHaveLength(2)
      const prepared = await database.executeSql('select name, statement from pg_prepared_statements')
      expect(prepared.rows).toEqual([{ name: 'planned_1', statement: expect.stringContaining('PREPARE planned_1 AS') }])
    } finally {
      await database.close()
    }
  })
})
