import { type SQL, and, eq, isNull, ne } from 'drizzle-orm'
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
): Promise<number> {
  cache.forget(ended)
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(and(which, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  // Again: a read that began while the row changed must not be believed.
  cache.forget(ended)
  return revoked.length
}

/** Ends one session (a logout): at once in this process, and in the others as the change feed tells them (121). */
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

/**
 * Ends one session of the customer from their list of sessions: false when it is not theirs or already ended, so
 * another customer's session id ends nothing and tells nothing.
 */
export async function revokeOwnSession(
  deps: RevocationDeps,
  customerId: string,
  sessionId: string,
  reason: string,
): Promise<boolean> {
  const ended = (session: SessionContext) => session.sessionId === sessionId
  const which = and(eq(sessions.id, sessionId), eq(sessions.customerId, customerId))
  return (await revokeWhere(deps, deps.db, ended, which!, reason)) === 1
}

/** Ends every session of the customer but `keep` (a password change, "sign out everywhere else"); answers how many. */
export async function revokeOtherSessions(
  deps: RevocationDeps,
  customerId: string,
  keep: string,
  reason: string,
  tx: Database = deps.db,
): Promise<number> {
  const ended = (session: SessionContext) => session.customerId === customerId && session.sessionId !== keep
  return revokeWhere(deps, tx, ended, and(eq(sessions.customerId, customerId), ne(sessions.id, keep))!, reason)
}
