const UNIQUE_VIOLATION = '23505'

/** True for PostgreSQL's unique-violation error, whichever driver (pg or PGlite) raised it and however it is wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, cause } = error as { code?: unknown; cause?: unknown }
  return code === UNIQUE_VIOLATION || (cause !== undefined && isUniqueViolation(cause))
}
