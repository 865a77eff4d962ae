import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import { type ChangeFeed, type ChangeHandlers, listenOnPglite, listenOnPostgres } from './change-feed'
import { aloneOnPostgres, createPostgresPool } from './postgres-connections'

export type Database = PgDatabase<PgQueryResultHKT>

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  /** True when the database answers a trivial query within `timeoutMs` (a readiness probe must not hang). */
  ping(timeoutMs?: number): Promise<boolean>
  /**
   * Raw SQL for the job queue (pg-boss): without values it may hold several statements (its migrations), so on
   * PGlite it goes through `exec()`; with values, through one prepared query.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
  /**
   * Runs `work` while no other process on the database runs its own (start-up schema work: migrations, the job
   * queue's tables and queues), so that processes started together do not trip over each other.
   */
  alone<T>(work: () => Promise<T>): Promise<T>
  /** Follows the committed changes announced on `channel` (decision 058); its owner closes it. */
  listen(channel: string, handlers: ChangeHandlers): Promise<ChangeFeed>
  close(): Promise<void>
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `template`: an in-memory database starts as a copy of this dump (`pgliteTemplate`) instead of an empty one. */
  | { kind: 'pglite'; dataDir: string | undefined; template?: Blob }

/** Bundled builds carry the migrations beside the bundle; source runs read them from this folder. */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Opens the database and applies every pending migration before anything else uses it. */
export async function openDatabase(
  target: DatabaseTarget,
  log?: { warn(obj: object, msg: string): void },
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = createPostgresPool(target.url, log)
    const db = drizzlePg(pool)
    const alone = <T>(work: () => Promise<T>) => aloneOnPostgres(target.url, work)
    await alone(() => migratePg(db, { migrationsFolder }))
    // Change feeds have connections of their own, closed with the pool.
    const feeds = new Set<ChangeFeed>()
    return withPing({
      db: db as unknown as Database,
      kind: 'postgres',
      async close() {
        await Promise.all([...feeds].map((feed) => feed.close()))
        await pool.end()
      },
      async executeSql(text, values) {
        const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[]
        return { rows: (Array.isArray(result) ? result.at(-1) : result)?.rows ?? [] }
      },
      async listen(channel, handlers) {
        const feed = await listenOnPostgres(target.url, channel, handlers, log)
        feeds.add(feed)
        return feed
      },
      alone,
    })
  }
  let client: PGlite
  if (target.dataDir) {
    const dir = join(target.dataDir, 'pglite')
    mkdirSync(dir, { recursive: true })
    client = new PGlite(dir)
  } else {
    client = new PGlite(target.template ? { loadDataDir: target.template } : {})
  }
  const planned = new Map<string, string>()
  const clientInTurns = pgliteClient(client, planned)
  const db = drizzlePglite(clientInTurns)
  keptPlanned.set(db as unknown as Database, planned)
  await migratePglite(db, { migrationsFolder })
  return withPing({
    db: db as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
    async executeSql(text, values) {
      if (values && values.length > 0) return clientInTurns.query(text, values)
      const results = await clientInTurns.exec(text)
      return { rows: results.at(-1)?.rows ?? [] }
    },
    listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
    // One process owns an embedded database.
    alone: (work) => work(),
  })
}

/** Per PGlite database: the text of each statement kept planned, and its server-side name. */
const keptPlanned = new WeakMap<Database, Map<string, string>>()

/**
 * Keeps a busy prepared statement planned (decision 052). On PostgreSQL, drizzle's named `.prepare()` already has each
 * connection plan it once; PGlite has no named statements in its api, so there it is `PREPARE`d once and run by
 * `EXECUTE` with its values written as literals (strings, numbers, booleans and nulls only; anything else is run as
 * before). Planning was most of such a statement's time on PGlite, on its only thread.
 */
export function keepPlanned(db: Database, statement: { getQuery(): { sql: string } }): void {
  const planned = keptPlanned.get(db)
  if (planned && !planned.has(statement.getQuery().sql)) {
    planned.set(statement.getQuery().sql, `planned_${planned.size + 1}`)
  }
}

function literal(value: unknown): string | undefined {
  if (value === null) return 'NULL'
  // A backslash or NUL is run the normal way: the quoting then never depends on standard_conforming_strings.
  if (typeof value === 'string') return /[\0\\]/.test(value) ? undefined : `'${value.replaceAll("'", "''")}'`
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined
  if (typeof value === 'boolean') return String(value)
  return undefined
}

/** How long PGlite's statements may hold the event loop's thread back to back before the network gets a turn. */
const PGLITE_TURN_MS = 1

/**
 * PGlite runs each statement on the event loop's own thread, and statements awaited one after another (a login's
 * reads and writes, several requests' at once) would run back to back without the sockets being read or answered
 * (decision 065). `run` starts a statement (or a whole transaction) once every one asked for before it has finished,
 * and only while the event loop's current turn is younger than `turnMs`; otherwise it first lets the event loop turn
 * (`setImmediate`). So the network is served at least once every `turnMs` plus one statement, and statements keep
 * their order. A transaction holds PGlite's lock until it ends: the statements inside it only wait for a turn when
 * the current one is old (`inTurn`), never for the queue, which waits for the transaction itself.
 */
export function turnTaking(turnMs = PGLITE_TURN_MS, now: () => number = () => performance.now()) {
  let turnStarted = Number.NEGATIVE_INFINITY
  let queue: Promise<unknown> = Promise.resolve()
  async function inTurn(): Promise<void> {
    if (now() - turnStarted < turnMs) return
    await new Promise<void>((resolve) => setImmediate(resolve))
    turnStarted = now()
  }
  function run<T>(work: () => Promise<T>): Promise<T> {
    const done = queue.then(inTurn).then(work)
    queue = done.catch(() => undefined)
    return done
  }
  return { run, inTurn }
}

/** A transaction's own statements, each started in a turn of the event loop with time left. */
function inTurns(tx: Transaction, inTurn: () => Promise<void>): Transaction {
  const query: Transaction['query'] = async (text, params, options) => {
    await inTurn()
    return tx.query(text, params, options)
  }
  const exec: Transaction['exec'] = async (text, options) => {
    await inTurn()
    return tx.exec(text, options)
  }
  return replacing(tx, { query, exec })
}

/** `target` with the methods of `own` in place of its own; its other methods stay bound to it. */
function replacing<T extends object>(target: T, own: Partial<T>): T {
  return new Proxy(target, {
    get(object, property) {
      if (property in own) return own[property as keyof T]
      const value: unknown = Reflect.get(object, property, object)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value
    },
  })
}

/** The PGlite client drizzle and the job queue use: statements in turns (`turnTaking`), the ones kept planned `EXECUTE`d. */
function pgliteClient(client: PGlite, planned: Map<string, string>): PGlite {
  const turns = turnTaking()
  // One PREPARE per statement, which the calls arriving meanwhile wait for; a failed one is tried again next call.
  const prepared = new Map<string, Promise<unknown>>()
  const prepare = (name: string, text: string) => {
    let done = prepared.get(name)
    if (!done) {
      done = client.exec(`PREPARE ${name} AS ${text}`).catch((error: unknown) => {
        prepared.delete(name)
        throw error
      })
      prepared.set(name, done)
    }
    return done
  }
  const query: PGlite['query'] = (text, params, options) =>
    turns.run(async () => {
      const name = planned.get(text)
      const literals = params?.map(literal)
      if (!name || !literals || literals.some((value) => value === undefined))
        return client.query(text, params, options)
      await prepare(name, text)
      return client.query(`EXECUTE ${name}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`, [], options)
    })
  const exec: PGlite['exec'] = (text, options) => turns.run(() => client.exec(text, options))
  const transaction: PGlite['transaction'] = (callback) =>
    turns.run(() => client.transaction((tx) => callback(inTurns(tx, turns.inTurn))))
  return replacing(client, { query, exec, transaction })
}

/**
 * A dump of an empty in-memory database with every migration applied. Copying it (`template`) skips PGlite's own
 * initialisation and the migrations, most of the seconds an embedded database takes to open: tests open many.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const client = new PGlite()
  await migratePglite(drizzlePglite(client), { migrationsFolder })
  const dump = await client.dumpDataDir('none')
  await client.close()
  return dump
}

/** Longest a readiness probe waits for the database's answer. */
const PING_TIMEOUT_MS = 2_000

function withPing(handle: Omit<DatabaseHandle, 'ping'>): DatabaseHandle {
  return {
    ...handle,
    async ping(timeoutMs = PING_TIMEOUT_MS) {
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)))
      const answered = handle.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      )
      try {
        return await Promise.race([answered, late])
      } finally {
        clearTimeout(timer)
      }
    },
  }
}
