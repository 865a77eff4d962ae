/**
 * The log's serializer for errors. A failed query carries the values bound to it (e-mails, password hashes, payer
 * names, IBANs) in its message, its stack and its `params`; PostgreSQL adds the failing row to `detail`. The log keeps
 * the query's shape (SQL with placeholders, the SQLSTATE, the constraint, table and column names) and drops the values.
 */

interface QueryError extends Error {
  query: string
  params: unknown[]
}

interface DatabaseError extends Error {
  code: string
  severity: unknown
}

/** Drizzle's wrapper of a failed query (`DrizzleQueryError`): the SQL and the parameters bound to it. */
function isQueryError(error: Error): error is QueryError {
  const { query, params } = error as Partial<QueryError>
  return typeof query === 'string' && Array.isArray(params)
}

/** The error of the server itself, as `pg` and PGlite both raise it: a SQLSTATE and a severity. */
function isDatabaseError(error: Error): error is DatabaseError {
  const { code, severity } = error as Partial<DatabaseError>
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && severity !== undefined
}

/** Fields that hold values: the bound parameters, the failing row, the statement of a function that failed. */
const VALUE_FIELDS = new Set(['params', 'detail', 'where', 'internalQuery'])

/** PostgreSQL quotes the offending value in its messages (`invalid input syntax for type uuid: "…"`). */
const redactQuoted = (message: string) => message.replaceAll(/"(?:[^"]|"")*"/g, '"…"')

const framesOf = (stack: string | undefined) => (stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))

const MAX_CAUSES = 5

export interface SerializedError {
  [key: string]: unknown
  type: string
  message: string
  stack: string
}

/** Pino's `err` serializer; anything logged as `err` that is not an error is left as it is. */
export function serializeError(error: Error): SerializedError {
  return serialize(error, 0) as SerializedError
}

function serialize(error: unknown, depth: number): unknown {
  if (!(error instanceof Error)) return error
  const type = typeof error.constructor === 'function' ? error.constructor.name : error.name
  const fromDatabase = isQueryError(error) || isDatabaseError(error)
  const message = isQueryError(error)
    ? `Failed query: ${error.query}`
    : isDatabaseError(error)
      ? redactQuoted(error.message)
      : error.message
  const serialized: Record<string, unknown> = {
    type,
    message,
    stack: fromDatabase ? [`${type}: ${message}`, ...framesOf(error.stack)].join('\n') : (error.stack ?? ''),
  }
  if (isQueryError(error)) serialized.paramCount = error.params.length
  for (const key in error) {
    if (key in serialized || key === 'cause' || (fromDatabase && VALUE_FIELDS.has(key))) continue
    const value = (error as unknown as Record<string, unknown>)[key]
    serialized[key] = value instanceof Error ? serialize(value, depth + 1) : value
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) serialized.cause = serialize(error.cause, depth + 1)
  if (error instanceof AggregateError && depth < MAX_CAUSES)
    serialized.errors = error.errors.map((inner: unknown) => serialize(inner, depth + 1))
  return serialized
}
