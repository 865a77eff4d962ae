import pg from 'pg'

/**
 * A connection of the test to the apps' database, to hold a lock in a transaction of its own and to see which
 * statements of the apps wait on a lock.
 */
export async function lockHolder(databaseUrl: string | undefined) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  return {
    client,
    /** How many statements of the apps, their text starting with `start`, wait on a lock now. */
    async waiting(start: string): Promise<number> {
      // The holding connection is inside a transaction, where the activity view would be read once and kept.
      await client.query('SELECT pg_stat_clear_snapshot()')
      const { rowCount } = await client.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE $1`,
        [`${start}%`],
      )
      return rowCount ?? 0
    },
    end: () => client.end(),
  }
}
