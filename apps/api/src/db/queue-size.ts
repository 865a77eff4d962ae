import { sql } from 'drizzle-orm'

/**
 * A column of how many rows the query finds in all, beyond its limit (`count(*) over ()`): the size of a queue whose
 * first rows only are read, in the same statement.
 */
export const countInAll = () => sql<number>`count(*) over ()`.mapWith(Number)
