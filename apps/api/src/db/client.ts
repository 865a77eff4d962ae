import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { type ChangeFeed, type ChangeHandlers, listenOnPglite, listenOnPostgres } from './change-feed'
import { schema } from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>
  /**
   * Raw SQL for the job queue (pg-boss): without values it may hold several statements (its migrations), so on
   * PGlite it goes through `exec()`; with values, through one prepared query.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
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
    const pool = new pg.Pool({ connectionString: target.url, max: 10 })
    // An idle connection the server drops (restart, failover, admin) must not take the process down: the pool
    // replaces it on the next query; the event is only worth a log line.
    pool.on('error', (error) => log?.warn({ err: error }, 'idle database connection lost'))
    const db = drizzlePg(pool, { schema })
    await migratePg(db, { migrationsFolder })
    // Change feeds have connections of their own, closed with the pool.
    const feeds = new Set<ChangeFeed>()
    return withPing(
      db as unknown as Database,
      'postgres',
      async () => {
        await Promise.all([...feeds].map((feed) => feed.close()))
        await pool.end()
      },
      async (text, values) => {
        const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[]
        return { rows: (Array.isArray(result) ? result.at(-1) : result)?.rows ?? [] }
      },
      async (channel, handlers) => {
        const feed = await listenOnPostgres(target.url, channel, handlers, log)
        feeds.add(feed)
        return feed
      },
    )
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
  const db = drizzlePglite(plannedOnce(client, planned), { schema })
  keptPlanned.set(db as unknown as Database, planned)
  await migratePglite(db, { migrationsFolder })
  return withPing(
    db as unknown as Database,
    'pglite',
    () => client.close(),
    async (text, values) => {
      if (values && values.length > 0) return client.query(text, values)
      const results = await client.exec(text)
      return { rows: results.at(-1)?.rows ?? [] }
    },
    (channel, handlers) => listenOnPglite(client, channel, handlers),
  )
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

function plannedOnce(client: PGlite, planned: Map<string, string>): PGlite {
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
  const query: PGlite['query'] = async (text, params, options) => {
    const name = planned.get(text)
    const literals = params?.map(literal)
    if (!name || !literals || literals.some((value) => value === undefined)) return client.query(text, params, options)
    await prepare(name, text)
    return client.query(`EXECUTE ${name}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`, [], options)
  }
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}

/**
 * A dump of an empty in-memory database with every migration applied. Copying it (`template`) skips PGlite's own
 * initialisation and the migrations, most of the seconds an embedded database takes to open: tests open many.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const client = new PGlite()
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder })
  const dump = await client.dumpDataDir('none')
  await client.close()
  return dump
}

function withPing(
  db: Database,
  kind: DatabaseHandle['kind'],
  close: () => Promise<void>,
  executeSql: DatabaseHandle['executeSql'],
  listen: DatabaseHandle['listen'],
): DatabaseHandle {
  return {
    db,
    kind,
    close,
    executeSql,
    listen,
    async ping() {
      try {
        await db.execute(sql`select 1`)
        return true
      } catch {
        return false
      }
    },
  }
}
