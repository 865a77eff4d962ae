declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL server for the api-postgres project; empty for embedded PGlite. */
    databaseUrl: string
  }
}
export {}
