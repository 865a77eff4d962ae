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
  const feed = new PostgresChangeFeed(url, channel, handlers, log, minServerVersion)
  await feed.connect()
  return feed
}

class PostgresChangeFeed implements ChangeFeed {
  private client: pg.Client | undefined
  private closed = false
  private reconnect: NodeJS.Timeout | undefined
  private waiting: ((caughtUp: boolean) => void)[] = []
  private inFlight = false
  private readonly waits = backoff(RECONNECT_FIRST_MS, RECONNECT_MAX_MS)

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly handlers: ChangeHandlers,
    private readonly log: { warn(obj: object, msg: string): void } | undefined,
    private readonly minServerVersion: number,
  ) {}

  caughtUp(): Promise<boolean> {
    if (!this.client) return Promise.resolve(false)
    return new Promise<boolean>((resolve) => {
      this.waiting.push(resolve)
      if (!this.inFlight) this.sendBarrier()
    })
  }

  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.reconnect)
    const last = this.client
    this.client = undefined
    for (const resolve of this.waiting) resolve(false)
    this.waiting = []
    await last?.end().catch(() => {})
  }

  async connect(): Promise<void> {
    const { channel } = this
    const next = new pg.Client({ connectionString: this.url, application_name: `change feed ${channel}` })
    next.on('notification', (notice) => {
      if (notice.channel === channel) this.handlers.onChange(notice.payload ?? '')
    })
    next.on('error', (error) => this.lost(next, error))
    next.on('end', () => this.lost(next))
    try {
      await next.connect()
      if (!(await this.listen(next))) {
        await next.end()
        return
      }
      this.client = next
      this.waits.reset()
      this.handlers.onReset()
    } catch (error) {
      await next.end().catch(() => {})
      this.log?.warn(
        { ...lostConnection(error), failures: this.waits.failures + 1 },
        `change feed ${channel} could not listen; trying again`,
      )
      this.retry()
    }
  }

  /** LISTENs on a fresh connection; false when no feed is to be kept on it (an older server, or the feed closed). */
  private async listen(next: pg.Client): Promise<boolean> {
    const version = await next.query<{ server_version_num: string }>('SHOW server_version_num')
    if (Number(version.rows[0]?.server_version_num) < this.minServerVersion) {
      this.log?.warn(
        { channel: this.channel },
        'PostgreSQL before 15: no change feed, answers are read from the database every time',
      )
      return false
    }
    await next.query(`LISTEN ${this.channel}`)
    return !this.closed
  }

  private retry() {
    if (!this.closed) this.reconnect = setTimeout(() => void this.connect(), this.waits.next()).unref()
  }

  private lost(from: pg.Client, error?: unknown) {
    if (this.client !== from) return
    this.client = undefined
    from.end().catch(() => {})
    this.handlers.onReset()
    if (error)
      this.log?.warn(
        lostConnection(error),
        `change feed ${this.channel} lost; answers are read from the database until it is back`,
      )
    this.retry()
  }

  private sendBarrier() {
    const batch = this.waiting
    this.waiting = []
    const listening = this.client
    if (!listening) {
      for (const resolve of batch) resolve(false)
      return
    }
    this.inFlight = true
    listening.query('SELECT 1').then(
      // Answered on the listening connection after the notices it held, so only then is this batch caught up.
      () => this.finish(batch, this.client === listening),
      () => this.finish(batch, false),
    )
  }

  private finish(batch: ((caughtUp: boolean) => void)[], caughtUp: boolean) {
    this.inFlight = false
    for (const resolve of batch) resolve(caughtUp)
    if (this.waiting.length > 0) this.sendBarrier()
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
