import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { sessions } from '../../db/tables/modules/sessions'
import type { SessionCache } from './session-cache'
import type { SessionContext, SessionServiceDeps } from './session-deps'

type RevocationDeps = Pick<SessionServiceDeps, 'db' | 'clock'> & { cache: SessionCache }

/** Ends one session (a logout): at once in this process, and in the others within SESSION_CHECK_CACHE_MS. */
export async function revokeSession({ db, clock, cache }: RevocationDeps, sessionId: string, reason: string) {
  const ended = (session: SessionContext) => session.sessionId === sessionId
  cache.forget(ended)
  await db
    .update(sessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
  // Again: a read that began while the row changed must not be believed.
  cache.forget(ended)
}

/** Ends every session of a customer (a password reset), in the caller's transaction when it gives one. */
export async function revokeAllSessions(
  { db, clock, cache }: RevocationDeps,
  customerId: string,
  reason: string,
  tx: Database = db,
) {
  const ended = (session: SessionContext) => session.customerId === customerId
  cache.forget(ended)
  await tx
    .update(sessions)
    .set({ revokedAt: clock.now(), revokedReason: reason })
    .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)))
  cache.forget(ended)
}
