import { eq, sql } from 'drizzle-orm'
import { SignJWT, jwtVerify } from 'jose'
import { type Database, keepPlanned } from '../../db/client'
import { sessions } from '../../db/tables/modules/sessions'
import { AppError } from '../../errors'
import type { CheckedSession, SessionCache } from './session-cache'
import type { RequestOrigin, SessionBinding, SessionContext, SessionServiceDeps } from './session-deps'

const ISSUER = 'exchange-api'

/** The read of a session's row by its id, prepared once for the process. */
export function prepareSessionRow(db: Database) {
  const sessionRow = db
    .select({
      customerId: sessions.customerId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      partnerSessionId: sessions.partnerSessionId,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_row')
  keepPlanned(db, sessionRow)
  return sessionRow
}

/** How often a session's last-seen time is written, at most (the list of sessions shows it to the minute). */
const LAST_SEEN_EVERY_MS = 60_000

/**
 * What a session check uses besides the dependencies: the prepared row read, the process's cache, and whether every
 * revocation committed before now has reached that cache (decision 121; false while no change feed is followed).
 */
type SessionChecks = SessionServiceDeps & {
  sessionRow: ReturnType<typeof prepareSessionRow>
  cache: SessionCache
  revocationsCaughtUp(): Promise<boolean>
}

export async function startSession(
  { db, clock, jwtKey, sessionHours }: SessionServiceDeps,
  customerId: string,
  origin: RequestOrigin,
  tx: Database = db,
  binding: SessionBinding = {},
): Promise<string> {
  const issuedAt = clock.now()
  const expiresAt = new Date(issuedAt.getTime() + sessionHours * 3_600_000)
  const [session] = await tx
    .insert(sessions)
    .values({
      customerId,
      createdAt: issuedAt,
      expiresAt,
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 512),
      lastSeenAt: issuedAt,
      partnerSessionId: binding.partnerSessionId,
    })
    .returning({ id: sessions.id })
  if (!session) throw new Error('session insert returned nothing')
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setSubject(customerId)
    .setJti(session.id)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(jwtKey)
}

/** A token that is malformed, tampered, expired or revoked answers 401, all alike. */
export async function requireSession(checks: SessionChecks, token: string | undefined): Promise<SessionContext> {
  if (!token) throw new AppError('unauthorized', 401)
  const now = checks.clock.now().getTime()
  // A remembered session is believed only once every revocation committed before this call has been heard of;
  // without the feed (down, or an old server) the row is read for every call.
  const session = (await checks.revocationsCaughtUp())
    ? (checks.cache.recall(token, now) ?? (await checks.cache.readShared(token, (t) => readSession(checks, t))))
    : await readSession(checks, token)
  if (session.expiresAt.getTime() <= now) throw new AppError('unauthorized', 401)
  return { customerId: session.customerId, sessionId: session.sessionId, partnerSessionId: session.partnerSessionId }
}

async function readSession(
  { db, clock, jwtKey, sessionRow }: Pick<SessionChecks, 'db' | 'clock' | 'jwtKey' | 'sessionRow'>,
  token: string,
): Promise<CheckedSession> {
  let claims
  try {
    const verified = await jwtVerify(token, jwtKey, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: clock.now(),
    })
    claims = verified.payload
  } catch {
    throw new AppError('unauthorized', 401)
  }
  if (!claims.jti || !claims.sub) throw new AppError('unauthorized', 401)
  const checkedAt = clock.now().getTime()
  const [session] = await sessionRow.execute({ id: claims.jti })
  if (!session || session.revokedAt || session.customerId !== claims.sub) throw new AppError('unauthorized', 401)
  if (!session.lastSeenAt || checkedAt - session.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS)
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(checkedAt) })
      .where(eq(sessions.id, claims.jti))
  // The token's own expiry (whole seconds) may come a moment before the row's.
  const expiresAt = new Date(Math.min(session.expiresAt.getTime(), (claims.exp ?? 0) * 1000))
  return {
    customerId: session.customerId,
    sessionId: claims.jti,
    partnerSessionId: session.partnerSessionId,
    expiresAt,
    checkedAt,
  }
}
