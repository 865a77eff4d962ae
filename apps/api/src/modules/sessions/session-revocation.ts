import { type SQL, and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { sessions } from '../../db/tables/modules/sessions'
import type { SessionCache } from './session-cache'
import type { SessionContext, SessionServiceDeps } from './session-deps'

type RevocationDeps = Pick<SessionServiceDeps, 'db' | 'clock'> & { cache: SessionCache }

/**
 * Ends the sessions `ended` tells from the cache and `which` finds in the table, in `tx`; forgotten before the row
 * changes and again after, so that no process keeps believing them.
 */
async function revokeWhere(
  { clock, cache }: RevocationDeps,
  tx: Database,
  ended: (session: SessionContext) => boolean,
  which: SQL,
  reason: string,
) {
  cache.forget(ended)
  await tx
    .update(sessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(and(which, isNull(sessions.revokedAt)))
  // Again: a read that began while the row changed must not be believed.
  cache.forget(ended)
}

/** Ends one session (a logout): at once in this process, and in the others within SESSION_CHECK_CACHE_MS. */
export async function revokeSession(deps: RevocationDeps, sessionId: string, reason: string) {
  const ended = (session: SessionContext) => session.sessionId === sessionId
  await revokeWhere(deps, deps.db, ended, eq(sessions.id, sessionId), reason)
}

/** Ends every session of a customer (a password reset), in the caller's transaction when it gives one. */
export async function revokeAllSessions(
  deps: RevocationDeps,
  customerId: string,
  reason: string,
  tx: Database = deps.db,
) {
  const ended = (session: SessionContext) => session.customerId === customerId
  await revokeWhere(deps, tx, ended, eq(sessions.customerId, customerId), reason)
}

/** Ends every session bound to a partner's visit (the customer went back to the partner), in `tx` when given. */
export async function revokeVisitSessions(
  deps: RevocationDeps,
  partnerSessionId: string,
  reason: string,
  tx: Database = deps.db,
) {
  const ended = (session: SessionContext) => session.partnerSessionId === partnerSessionId
  await revokeWhere(deps, tx, ended, eq(sessions.partnerSessionId, partnerSessionId), reason)
}
