import { and, eq, isNull } from 'drizzle-orm'
import { SignJWT, jwtVerify } from 'jose'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { sessions } from '../../db/schema'
import { AppError } from '../../errors'

export interface SessionServiceDeps {
  db: Database
  clock: Clock
  jwtKey: Uint8Array
  sessionHours: number
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

  /** A token that is malformed, tampered, expired or revoked answers 401, all alike. */
  async function requireSession(token: string | undefined): Promise<SessionContext> {
    if (!token) throw new AppError('unauthorized', 401)
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
    const [session] = await db
      .select({ customerId: sessions.customerId, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.id, claims.jti))
    if (!session || session.revokedAt || session.customerId !== claims.sub || session.expiresAt <= clock.now()) {
      throw new AppError('unauthorized', 401)
    }
    return { customerId: session.customerId, sessionId: claims.jti }
  }

  async function revokeSession(sessionId: string, reason: string) {
    await db
      .update(sessions)
      .set({ revokedAt: clock.now(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
  }

  async function revokeAllSessions(customerId: string, reason: string, tx: Database = db) {
    await tx
      .update(sessions)
      .set({ revokedAt: clock.now(), revokedReason: reason })
      .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)))
  }

  return { startSession, requireSession, revokeSession, revokeAllSessions }
}
