declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL server for the api-postgres project; empty for embedded PGlite. */
    databaseUrl: string
    /** Redis server for the api-redis project; empty elsewhere. */
    redisUrl: string
  }
}
export {}
