import type { SessionContext } from './session-deps'

/**
 * How long a session found valid is believed without reading its row again (decision 052). A revocation anywhere ends
 * it at once in every process that follows the change feed (decision 121); this bounds only how stale its last-seen
 * time may be.
 */
const SESSION_CHECK_CACHE_MS = 5_000
/** Tokens remembered at most; the oldest is forgotten first (it is then read again, nothing more). */
const SESSION_CHECK_CACHE_ENTRIES = 10_000

export interface CheckedSession extends SessionContext {
  expiresAt: Date
  /** Clock time (ms) the row was read. */
  checkedAt: number
}

export type SessionCache = ReturnType<typeof createSessionCache>

/** The sessions this process found valid, as long as the process lives (decision 107 keeps it in one closure). */
export function createSessionCache() {
  // Token → its verified session, as last read from the row. The same token string carries the same verified
  // signature, so a remembered token skips the signature check and the read; the expiry is checked on every call.
  const checked = new Map<string, CheckedSession>()
  // Reads of the same token under way, shared by the calls that arrive meanwhile.
  const reading = new Map<string, Promise<CheckedSession>>()
  // Moves on with every revocation here: a read that began before it is not remembered (it may predate the revoke).
  let revocations = 0

  /** The session a token was found valid for less than SESSION_CHECK_CACHE_MS before `now` (clock ms), if any. */
  function recall(token: string, now: number): CheckedSession | undefined {
    const known = checked.get(token)
    const fresh = known && now >= known.checkedAt && now - known.checkedAt < SESSION_CHECK_CACHE_MS
    return fresh ? known : undefined
  }

  function forget(matches: (session: SessionContext) => boolean) {
    revocations += 1
    for (const [token, session] of checked) if (matches(session)) checked.delete(token)
    reading.clear()
  }

  /** Reads the token's session once for every call that asks meanwhile, and remembers it unless a revoke came first. */
  function readShared(token: string, readSession: (token: string) => Promise<CheckedSession>): Promise<CheckedSession> {
    const pending = reading.get(token)
    if (pending) return pending
    const started = revocations
    const read = readSession(token)
      .then((session) => {
        if (revocations === started) {
          checked.delete(token)
          if (checked.size >= SESSION_CHECK_CACHE_ENTRIES) checked.delete(checked.keys().next().value as string)
          checked.set(token, session)
        }
        return session
      })
      .finally(() => {
        if (reading.get(token) === read) reading.delete(token)
      })
    reading.set(token, read)
    return read
  }

  return { recall, forget, readShared }
}
