import { createSessionCache } from './session-cache'
import type { SessionServiceDeps } from './session-deps'
import { revokeAllSessions, revokeSession, revokeVisitSessions } from './session-revocation'
import { prepareSessionRow, requireSession, startSession } from './session-tokens'

export type { RequestOrigin, SessionBinding, SessionContext } from './session-deps'
export { SESSION_CHECK_CACHE_MS } from './session-cache'

export type SessionService = ReturnType<typeof createSessionService>

/** Sessions are rows; the JWT only carries the row's id, so revoking the row ends the token. */
export function createSessionService(deps: SessionServiceDeps) {
  const checks = { ...deps, sessionRow: prepareSessionRow(deps.db), cache: createSessionCache() }
  return {
    startSession: startSession.bind(null, deps),
    requireSession: requireSession.bind(null, checks),
    revokeSession: revokeSession.bind(null, checks),
    revokeAllSessions: revokeAllSessions.bind(null, checks),
    revokeVisitSessions: revokeVisitSessions.bind(null, checks),
  }
}
