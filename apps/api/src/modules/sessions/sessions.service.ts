import { and, eq, isNull, sql } from 'drizzle-orm'
import { SignJWT, jwtVerify } from 'jose'
import type { Clock } from '../../clock'
import { type Database, keepPlanned } from '../../db/client'
import { sessions } from '../../db/tables/modules/sessions'
import { AppError } from '../../errors'

export interface SessionServiceDeps {
  db: Database
  clock: Clock
  jwtKey: Uint8Array
  sessionHours: number
}

/**
 * How long a session found valid is believed without reading its row again (decision 052): a logout or password reset
 * in another process ends the session there within this time; in this process at once.
 */
export const SESSION_CHECK_CACHE_MS = 5_000
/** Tokens remembered at most; the oldest is forgotten first (it is then read again, nothing more). */
const SESSION_CHECK_CACHE_ENTRIES = 10_000

interface CheckedSession extends SessionContext {
  expiresAt: Date
  /** Clock time (ms) the row was read. */
  checkedAt: number
}

export interface SessionContext {
  customerId: string
  sessionId: string
}

export interface RequestOrigin {
  ip: string
  userAgent: string | undefined
}

const ISSUER = 'exchange-api'

export type SessionService = ReturnType<typeof createSessionService>

/** Sessions are rows; the JWT only carries the row's id, so revoking the row ends the token. */
export function createSessionService({ db, clock, jwtKey, sessionHours }: SessionServiceDeps) {
  const sessionRow = db
    .select({ customerId: sessions.customerId, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_row')
  keepPlanned(db, sessionRow)

  async function startSession(customerId: string, origin: RequestOrigin, tx: Database = db): Promise<string> {
    const issuedAt = clock.now()
    const expiresAt = new Date(issuedAt.getTime() + sessionHours * 3_600_000)
    const [session] = await tx
      .insert(sessions)
      .values({ customerId, createdAt: issuedAt, expiresAt, ip: origin.ip, userAgent: origin.userAgent?.slice(0, 512) })
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

  // Token → its verified session, as last read from the row. The same token string carries the same verified
  // signature, so a remembered token skips the signature check and the read; the expiry is checked on every call.
  const checked = new Map<string, CheckedSession>()
  // Reads of the same token under way, shared by the calls that arrive meanwhile.
  const reading = new Map<string, Promise<CheckedSession>>()
  // Moves on with every revocation here: a read that began before it is not remembered (it may predate the revoke).
  let revocations = 0

  function forget(matches: (session: SessionContext) => boolean) {
    revocations += 1
    for (const [token, session] of checked) if (matches(session)) checked.delete(token)
    reading.clear()
  }

  /** A token that is malformed, tampered, expired or revoked answers 401, all alike. */
  async function requireSession(token: string | undefined): Promise<SessionContext> {
    if (!token) throw new AppError('unauthorized', 401)
    const now = clock.now().getTime()
    const known = checked.get(token)
    const fresh = known && now >= known.checkedAt && now - known.checkedAt < SESSION_CHECK_CACHE_MS
    const session = fresh ? known : await readShared(token)
    if (session.expiresAt.getTime() <= now) throw new AppError('unauthorized', 401)
    return { customerId: session.customerId, sessionId: session.sessionId }
  }

  function readShared(token: string): Promise<CheckedSession> {
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

  async function readSession(token: string): Promise<CheckedSession> {
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
    // The token's own expiry (whole seconds) may come a moment before the row's.
    const expiresAt = new Date(Math.min(session.expiresAt.getTime(), (claims.exp ?? 0) * 1000))
    return { customerId: session.customerId, sessionId: claims.jti, expiresAt, checkedAt }
  }

  async function revokeSession(sessionId: string, reason: string) {
    const ended = (session: SessionContext) => session.sessionId === sessionId
    forget(ended)
    await db
      .update(sessions)
      .set({ revokedAt: clock.now(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    // Again: a read that began while the row changed must not be believed.
    forget(ended)
  }

  async function revokeAllSessions(customerId: string, reason: string, tx: Database = db) {
    const ended = (session: SessionContext) => session.customerId === customerId
    forget(ended)
    await tx
      .update(sessions)
      .set({ revokedAt: clock.now(), revokedReason: reason })
      .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)))
    forget(ended)
  }

  return { startSession, requireSession, revokeSession, revokeAllSessions }
}
