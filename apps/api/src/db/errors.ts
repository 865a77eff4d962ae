const UNIQUE_VIOLATION = '23505'

/** True for PostgreSQL's unique-violation error, whichever driver (pg or PGlite) raised it and however it is wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, cause } = error as { code?: unknown; cause?: unknown }
  return code === UNIQUE_VIOLATION || (cause !== undefined && isUniqueViolation(cause))
}

/** Network failures of the database connection, and PostgreSQL's "cannot serve you now" states. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'])
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
  // A client whose connection was lost mid-transaction refuses the transaction's ROLLBACK with this.
  'is not queryable',
]

/**
 * Whether an error (or one of its causes: the ORM wraps the driver's error) says the database cannot be reached right
 * now, as opposed to a query that is wrong. Such a request is worth retrying in a moment: 503 with Retry-After.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))
    )
      return true
    if (UNAVAILABLE_MESSAGES.some((message) => current instanceof Error && current.message.includes(message)))
      return true
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true
    current = current.cause
  }
  return false
}
