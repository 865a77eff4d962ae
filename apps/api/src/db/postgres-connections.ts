import pg from 'pg'

export interface ConnectionLog {
  warn(obj: object, msg: string): void
}

/** Longest wait for a connection (a new one, or a free one of the pool) before the call is answered 503. */
const CONNECT_TIMEOUT_MS = 10_000
/** TCP keepalive: a connection to a server that vanished without closing it is noticed in seconds, not hours. */
const KEEPALIVE_DELAY_MS = 10_000

/** What a lost connection is logged as: its reason only (pg attaches the whole client to the error it emits). */
export function lostConnection(error: unknown): { reason: string; code?: string } {
  if (!(error instanceof Error)) return { reason: String(error) }
  const code = (error as { code?: unknown }).code
  return { reason: error.message, ...(typeof code === 'string' && { code }) }
}

/**
 * The application's pool (decision 073). A connection the server drops (a restart, `pg_terminate_backend`, a failover) makes
 * node-postgres emit `error` on its client; the pool listens only while the client is idle, so a client lent out (a
 * transaction between two statements) would emit with nobody listening, which ends the process. Every client gets a
 * listener of its own for its whole life: its loss is logged, the statement it was running fails (answered 503,
 * decision 027), and the pool drops it when it is released and opens a new one on the next call. Calls during an
 * outage each try once to connect, so the pool comes back with the database, paced by the calls themselves (which
 * are told to retry after 15 s).
 */
export function createPostgresPool(url: string, log?: ConnectionLog): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  })
  pool.on('connect', (client) => {
    client.on('error', (error) => log?.warn(lostConnection(error), 'database connection lost'))
  })
  // The same loss, reported once more by the pool for an idle client: the client's own listener has logged it.
  pool.on('error', () => {})
  return pool
}

/** Any fixed number, the same in every process: the advisory lock that start-up schema work is done under. */
const START_UP_LOCK = 7_240_126

/**
 * Processes of one deployment start together; two applying the same migration at once fail (the second `CREATE
 * TYPE` meets the first), and two creating the job queue's queues can deadlock. A session advisory lock, on a
 * connection of its own, lets one do it while the others wait and then find nothing left to do. The lock goes with
 * its connection, whatever happens to the process.
 */
export async function aloneOnPostgres<T>(url: string, work: () => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: url, application_name: 'start-up lock' })
  // A connection lost while waiting fails the query below; the event itself must not end the process.
  lock.on('error', () => {})
  await lock.connect()
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [START_UP_LOCK])
    return await work()
  } finally {
    await lock.end().catch(() => {})
  }
}

/**
 * Waits before a connection is tried again: `firstMs`, doubled after each failure up to `maxMs`, with a random part
 * (up to a quarter) so that the processes of a deployment do not all knock at the same instant when the database is
 * back. `reset` after a success.
 */
export function backoff(firstMs: number, maxMs: number, random: () => number = Math.random) {
  let failures = 0
  return {
    next(): number {
      const base = Math.min(maxMs, firstMs * 2 ** failures)
      failures += 1
      return Math.round(base * (1 + random() / 4))
    },
    reset() {
      failures = 0
    },
    get failures() {
      return failures
    },
  }
}
