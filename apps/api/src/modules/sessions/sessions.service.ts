import type { ChangeFeed } from '../../db/change-feed'
import type { DatabaseHandle } from '../../db/client'
import { createSessionCache } from './session-cache'
import type { SessionServiceDeps } from './session-deps'
import { listSessions } from './session-list'
import {
  revokeAllSessions,
  revokeOtherSessions,
  revokeOwnSession,
  revokeSession,
  revokeVisitSessions,
} from './session-revocation'
import { prepareSessionRow, requireSession, startSession } from './session-tokens'

export type { RequestOrigin, SessionBinding, SessionContext } from './session-deps'

/** The channel the database announces a revoked session on, with its customer's id (migration 0031, decision 121). */
const SESSION_REVOKED = 'session_revoked'

export type SessionService = ReturnType<typeof createSessionService>

/**
 * Sessions are rows; the JWT only carries the row's id, so revoking the row ends the token. Sessions found valid are
 * remembered per process and forgotten when the database announces a revocation of their customer's (decision 121).
 */
export function createSessionService(deps: SessionServiceDeps) {
  let feed: ChangeFeed | undefined
  const cache = createSessionCache()
  const checks = {
    ...deps,
    sessionRow: prepareSessionRow(deps.db),
    cache,
    revocationsCaughtUp: () => (feed ? feed.caughtUp() : Promise.resolve(false)),
  }
  return {
    startSession: startSession.bind(null, deps),
    requireSession: requireSession.bind(null, checks),
    revokeSession: revokeSession.bind(null, checks),
    revokeAllSessions: revokeAllSessions.bind(null, checks),
    revokeVisitSessions: revokeVisitSessions.bind(null, checks),
    revokeOwnSession: revokeOwnSession.bind(null, checks),
    revokeOtherSessions: revokeOtherSessions.bind(null, checks),
    listSessions: listSessions.bind(null, deps),
    /** Remembers sessions from now on, each until the database announces a revocation of its customer's. */
    async followRevocations(database: DatabaseHandle) {
      feed = await database.listen(SESSION_REVOKED, {
        onChange: (customerId) => cache.forget((session) => session.customerId === customerId),
        onReset: () => cache.forget(() => true),
      })
    },
    async close() {
      const closing = feed
      feed = undefined
      cache.forget(() => true)
      await closing?.close()
    },
  }
}
