import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { backoff, lostConnection } from './postgres-connections'

/** What a process does with the notices of one channel (decision 058). */
export interface ChangeHandlers {
  /** One committed change, by its payload (a customer's id on `customer_changed`). */
  onChange(payload: string): void
  /** Notices may have been missed (the listening connection was lost or is back): forget everything they guard. */
  onReset(): void
}

export interface ChangeFeed {
  /**
   * Resolves true once every change committed before the call has been handed to `onChange`, false when that cannot be
   * known now (the feed is down): a caller then reads the database instead of what the notices guard.
   */
  caughtUp(): Promise<boolean>
  close(): Promise<void>
}

/** PostgreSQL 15 sends the notices it holds for a connection before that connection's next ReadyForQuery. */
const MIN_SERVER_VERSION = 150_000
/** Waits between tries to listen again: from a quarter of a second, doubling, at most 5 s (answers are read meanwhile). */
const RECONNECT_FIRST_MS = 250
const RECONNECT_MAX_MS = 5_000

/**
 * A connection of its own that LISTENs on `channel`. `caughtUp` runs `SELECT 1` on it: the server sends every notice
 * committed before that query ahead of the query's answer (PostgreSQL 15 and later), and node-postgres hands them to
 * `onChange` before the query resolves. Calls arriving while one such query is out wait for the next one, which serves
 * them all: one round trip per batch, not per call. A lost connection resets the handlers, answers false until it is
 * back and listening again (tried with growing waits: a restart or an outage never ends the feed), and resets once
 * more then, since notices sent meanwhile were missed.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ChangeHandlers,
  log?: { warn(obj: object, msg: string): void },
  /** `server_version_num` below which no feed is kept (tests raise it to stand for an older server). */
  minServerVersion = MIN_SERVER_VERSION,
): Promise<ChangeFeed> {
  let client: pg.Client | undefined
  let closed = false
  let reconnect: NodeJS.Timeout | undefined
  let waiting: ((caughtUp: boolean) => void)[] = []
  let inFlight = false
  const waits = backoff(RECONNECT_FIRST_MS, RECONNECT_MAX_MS)

  function retry() {
    if (!closed) reconnect = setTimeout(() => void connect(), waits.next()).unref()
  }

  function lost(from: pg.Client, error?: unknown) {
    if (client !== from) return
    client = undefined
    from.end().catch(() => {})
    handlers.onReset()
    if (error)
      log?.warn(
        lostConnection(error),
        `change feed ${channel} lost; answers are read from the database until it is back`,
      )
    retry()
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: `change feed ${channel}` })
    next.on('notification', (notice) => {
      if (notice.channel === channel) handlers.onChange(notice.payload ?? '')
    })
    next.on('error', (error) => lost(next, error))
    next.on('end', () => lost(next))
    try {
      await next.connect()
      const version = await next.query<{ server_version_num: string }>('SHOW server_version_num')
      if (Number(version.rows[0]?.server_version_num) < minServerVersion) {
        log?.warn({ channel }, 'PostgreSQL before 15: no change feed, answers are read from the database every time')
        await next.end()
        return
      }
      await next.query(`LISTEN ${channel}`)
      if (closed) {
        await next.end()
        return
      }
      client = next
      waits.reset()
      handlers.onReset()
    } catch (error) {
      await next.end().catch(() => {})
      log?.warn(
        { ...lostConnection(error), failures: waits.failures + 1 },
        `change feed ${channel} could not listen; trying again`,
      )
      retry()
    }
  }

  function sendBarrier() {
    const batch = waiting
    waiting = []
    const listening = client
    if (!listening) {
      for (const resolve of batch) resolve(false)
      return
    }
    inFlight = true
    listening.query('SELECT 1').then(
      // Answered on the listening connection after the notices it held, so only then is this batch caught up.
      () => finish(batch, client === listening),
      () => finish(batch, false),
    )
  }

  function finish(batch: ((caughtUp: boolean) => void)[], caughtUp: boolean) {
    inFlight = false
    for (const resolve of batch) resolve(caughtUp)
    if (waiting.length > 0) sendBarrier()
  }

  await connect()

  return {
    caughtUp() {
      if (!client) return Promise.resolve(false)
      return new Promise<boolean>((resolve) => {
        waiting.push(resolve)
        if (!inFlight) sendBarrier()
      })
    },
    async close() {
      closed = true
      clearTimeout(reconnect)
      const last = client
      client = undefined
      for (const resolve of waiting) resolve(false)
      waiting = []
      await last?.end().catch(() => {})
    },
  }
}

/**
 * PGlite is one connection in this process: a committing statement's notices are parsed with its answer, and PGlite
 * queues `onChange` as microtasks then, before the code awaiting that statement goes on. So every change committed
 * before a call has been handed over when the call arrives: `caughtUp` answers true at once.
 */
export async function listenOnPglite(client: PGlite, channel: string, handlers: ChangeHandlers): Promise<ChangeFeed> {
  let listening = true
  const unlisten = await client.listen(channel, (payload) => {
    if (listening) handlers.onChange(payload)
  })
  return {
    // A closed database has no changes to hand over, nor answers to read: the caller's read then fails as it should.
    caughtUp: () => Promise.resolve(listening && !client.closed),
    async close() {
      listening = false
      // A database closed first (an outage, a test) has nothing left to unlisten.
      if (!client.closed) await unlisten().catch(() => {})
    },
  }
}
