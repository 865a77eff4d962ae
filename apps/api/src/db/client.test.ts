import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { keepPlanned, openDatabase, turnTaking } from './client'
import { customers } from './tables/modules/customers'

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

/** Counts the event loop's turns (one `setImmediate` each) until stopped. */
function countTurns() {
  let turns = 0
  let counting = true
  const tick = () => {
    turns += 1
    if (counting) setImmediate(tick)
  }
  setImmediate(tick)
  return {
    get turns() {
      return turns
    },
    stop: () => (counting = false),
  }
}

describe('PGlite statements take turns with the network (decision 065)', () => {
  it('run back to back while the turn is younger than its budget, then after the event loop turned, in order', async () => {
    let time = 0
    const turns = turnTaking(1, () => time)
    const loop = countTurns()
    // Each statement takes 0.4 ms of the thread: three fit in a turn of 1 ms, the fourth waits for the next turn.
    const ranIn = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        turns.run(async () => {
          time += 0.4
          return { index, turn: loop.turns }
        }),
      ),
    )
    loop.stop()
    expect(ranIn.map(({ index }) => index)).toEqual([0, 1, 2, 3, 4, 5])
    const [first, , third, fourth, , sixth] = ranIn.map(({ turn }) => turn)
    expect(third).toBe(first)
    expect(fourth).toBeGreaterThan(third!)
    expect(sixth).toBe(fourth)
  })

  it('a failed statement does not hold up the ones after it', async () => {
    const turns = turnTaking(1, () => 0)
    const failed = turns.run(() => Promise.reject(new Error('refused')))
    const next = turns.run(async () => 'ran')
    await expect(failed).rejects.toThrow('refused')
    expect(await next).toBe('ran')
  })

  it('let the event loop turn while many statements, a chain of them and a transaction run, each answered right', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined })
    try {
      const loop = countTurns()
      const together = Promise.all(
        Array.from({ length: 200 }, (_, index) => database.executeSql('select $1::int as n', [index])),
      )
      const chain = (async () => {
        for (let index = 0; index < 20; index++) {
          await database.db
            .insert(customers)
            .values({ email: `c${index}@example.com`, passwordHash: 'x', affiliateToken: 'a' })
        }
      })()
      const inOne = database.db.transaction(async (tx) => {
        await tx.insert(customers).values({ email: 'tx@example.com', passwordHash: 'x', affiliateToken: 'a' })
        return (
          await tx.select({ email: customers.email }).from(customers).where(eq(customers.email, 'tx@example.com'))
        ).length
      })
      const [answers, , seenInside] = await Promise.all([together, chain, inOne])
      loop.stop()
      expect(answers.map(({ rows }) => rows[0])).toEqual(Array.from({ length: 200 }, (_, n) => ({ n })))
      expect(seenInside).toBe(1)
      expect(await database.db.select().from(customers)).toHaveLength(21)
      // Two hundred and more statements take well over a millisecond of the thread on any machine: the sockets would
      // have been served several times meanwhile (all of them back to back, the loop turned once at most).
      expect(loop.turns).toBeGreaterThanOrEqual(5)
    } finally {
      await database.close()
    }
  })
})
