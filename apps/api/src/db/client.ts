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
    return withPing(
      db as unknown as Database,
      'postgres',
      () => pool.end(),
      async (text, values) => {
        const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[]
        return { rows: (Array.isArray(result) ? result.at(-1) : result)?.rows ?? [] }
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
  const db = drizzlePglite(client, { schema })
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
  )
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
): DatabaseHandle {
  return {
    db,
    kind,
    close,
    executeSql,
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
