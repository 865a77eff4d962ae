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
  close(): Promise<void>
}

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | undefined }

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
    return withPing(db as unknown as Database, 'postgres', () => pool.end())
  }
  let client: PGlite
  if (target.dataDir) {
    const dir = join(target.dataDir, 'pglite')
    mkdirSync(dir, { recursive: true })
    client = new PGlite(dir)
  } else {
    client = new PGlite()
  }
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder })
  return withPing(db as unknown as Database, 'pglite', () => client.close())
}

function withPing(db: Database, kind: DatabaseHandle['kind'], close: () => Promise<void>): DatabaseHandle {
  return {
    db,
    kind,
    close,
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
