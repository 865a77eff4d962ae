declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL server for the api-postgres project; empty for embedded PGlite. */
    databaseUrl: string
    /** Redis server for the api-redis project; empty elsewhere. */
    redisUrl: string
    /** The migrated template database on that server, made once per run by `test/global-setup.ts`. */
    databaseTemplate: string
    /** The migrated PGlite dump of the run, made once by `test/global-setup.ts`; empty on PostgreSQL. */
    pgliteTemplateFile: string
  }
}
export {}
