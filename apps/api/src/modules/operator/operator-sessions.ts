import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { recurringJob } from '../module-kit'
import { type OperatorRole, operatorAccounts, operatorSessions } from '../../db/tables/modules/operator'

/** Who is signed in at /operator (decision 127): the account, its login name and its roles. */
interface OperatorPrincipal {
  id: string
  name: string
  roles: OperatorRole[]
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator's login name: who the operator pages say acted. */
    operator?: string
    operatorAccount?: OperatorPrincipal
    operatorSessionId?: string
  }
}

const OPERATOR_SESSION_COOKIE = 'operatorSession'
/** Between the password and the second factor: long enough to open the app and type a code, no more. */
const PASSWORD_STEP_MINUTES = 10
/** `last_seen_at` is written at most once a minute: an idle timeout counts in minutes, a page makes many requests. */
const TOUCH_EVERY_MS = 60_000
/** Ended and expired sessions are kept this long (who was signed in from where, for a question soon after), then go. */
const FORGET_SESSIONS_DAYS = 30
/** How often the sessions past that are deleted. */
const FORGET_SESSIONS_EVERY_SECONDS = 3600
/** The recurring job that deletes them. */
const FORGET_OPERATOR_SESSIONS_JOB = 'forget-operator-sessions'

export interface OperatorSessionSettings {
  db: Database
  clock: Clock
  idleMinutes: number
  hours: number
  /** The browsers reach the app over https (PUBLIC_URL): the cookie is then always `Secure`. */
  publicUrlIsHttps: boolean
}

interface Session {
  id: string
  stage: 'password' | 'signed_in'
  operator: OperatorPrincipal
}

const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/** The cookie's token, or undefined: 43 base64url characters (32 random bytes), nothing else is looked up. */
function tokenOf(request: FastifyRequest): string | undefined {
  const value = (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${OPERATOR_SESSION_COOKIE}=`))
    ?.slice(OPERATOR_SESSION_COOKIE.length + 1)
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined
}

function setCookie(reply: FastifyReply, request: FastifyRequest, https: boolean, value: string, maxAge: number) {
  const secure = https || request.protocol === 'https' ? '; Secure' : ''
  reply.header(
    'set-cookie',
    `${OPERATOR_SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`,
  )
}

export type OperatorSessions = ReturnType<typeof createOperatorSessions>

/**
 * Operators' sessions in the database (decision 127): a random token in an httpOnly, SameSite=Strict cookie (Secure
 * over https), its SHA-256 in `operator_sessions`. A session ends after `idleMinutes` without a request, after `hours`
 * in any case, at logout, and when its operator is disabled. The step after the password is a session of its own
 * (`password`), ten minutes long, that opens the second factor and nothing else; the second factor ends it and opens
 * a new one, so no token from before the second factor ever opens a page.
 */
export function createOperatorSessions(settings: OperatorSessionSettings) {
  const { db, clock } = settings

  async function open(
    reply: FastifyReply,
    request: FastifyRequest,
    operatorId: string,
    stage: 'password' | 'signed_in',
  ): Promise<void> {
    const token = randomBytes(32).toString('base64url')
    const now = clock.now()
    const lifetimeMs = stage === 'password' ? PASSWORD_STEP_MINUTES * 60_000 : settings.hours * 3_600_000
    await db.insert(operatorSessions).values({
      tokenHash: tokenHashOf(token),
      operatorId,
      stage,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + lifetimeMs),
      ip: request.ip,
    })
    setCookie(reply, request, settings.publicUrlIsHttps, token, Math.floor(lifetimeMs / 1000))
  }

  /** The request's live session and its operator, or undefined; a request within the idle time keeps it alive. */
  async function current(request: FastifyRequest): Promise<Session | undefined> {
    const token = tokenOf(request)
    if (!token) return undefined
    const now = clock.now()
    const [row] = await db
      .select({
        id: operatorSessions.id,
        stage: operatorSessions.stage,
        lastSeenAt: operatorSessions.lastSeenAt,
        operator: { id: operatorAccounts.id, name: operatorAccounts.loginName, roles: operatorAccounts.roles },
      })
      .from(operatorSessions)
      .innerJoin(operatorAccounts, eq(operatorAccounts.id, operatorSessions.operatorId))
      .where(
        and(
          eq(operatorSessions.tokenHash, tokenHashOf(token)),
          isNull(operatorSessions.endedAt),
          gt(operatorSessions.expiresAt, now),
          gt(operatorSessions.lastSeenAt, new Date(now.getTime() - settings.idleMinutes * 60_000)),
          isNull(operatorAccounts.disabledAt),
        ),
      )
    if (!row) return undefined
    if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
      await db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.id, row.id))
    return { id: row.id, stage: row.stage, operator: row.operator as OperatorPrincipal }
  }

  /** Ends a session in the database (its cookie then opens nothing). */
  async function close(sessionId: string): Promise<void> {
    await db
      .update(operatorSessions)
      .set({ endedAt: clock.now() })
      .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.endedAt)))
  }

  /** Logout: the session ends and the browser forgets its cookie. */
  async function end(reply: FastifyReply, request: FastifyRequest, sessionId: string | undefined): Promise<void> {
    if (sessionId) await close(sessionId)
    setCookie(reply, request, settings.publicUrlIsHttps, '', 0)
  }

  return {
    open,
    current,
    close,
    end,
    forgetOldSessions: () => forgetOldSessions(settings),
    requireOperator: requireOperatorOf(current),
  }
}

/**
 * The hook before every operator page and sandbox page in production: a signed-in session (second factor done),
 * else a browser asking for a page goes to the sign-in page and anything else is answered 401.
 */
function requireOperatorOf(current: (request: FastifyRequest) => Promise<Session | undefined>) {
  return async function requireOperator(request: FastifyRequest, reply: FastifyReply) {
    const session = await current(request)
    if (!session || session.stage !== 'signed_in') {
      // The back office app's pages are only ever opened by a browser (decision 133).
      const wantsPage =
        request.method === 'GET' &&
        ((request.headers.accept ?? '').includes('text/html') || /^\/operator\/app(?:[/?]|$)/.test(request.url))
      if (wantsPage) return reply.redirect('/operator/login', 303)
      return reply.code(401).send({ result: false, error: 'unauthorized' })
    }
    request.operator = session.operator.name
    request.operatorAccount = session.operator
    request.operatorSessionId = session.id
  }
}

/**
 * The recurring job: sessions that ended (logout, a disabled operator) or expired more than `FORGET_SESSIONS_DAYS`
 * ago are deleted; a live one, or one that ended recently, is kept. Answers how many went.
 */
async function forgetOldSessions({ db, clock }: Pick<OperatorSessionSettings, 'db' | 'clock'>): Promise<number> {
  const before = new Date(clock.now().getTime() - FORGET_SESSIONS_DAYS * 86_400_000)
  const forgotten = await db
    .delete(operatorSessions)
    .where(or(lt(operatorSessions.endedAt, before), lt(operatorSessions.expiresAt, before)))
    .returning({ id: operatorSessions.id })
  return forgotten.length
}

/** Sessions ended or expired more than `FORGET_SESSIONS_DAYS` ago are deleted every hour. */
export const forgetOldSessionsJob = (sessions: Pick<OperatorSessions, 'forgetOldSessions'>) =>
  recurringJob(FORGET_OPERATOR_SESSIONS_JOB, FORGET_SESSIONS_EVERY_SECONDS, 60, sessions.forgetOldSessions)

/** Ends every session of an operator: disabled, a new password, a second factor reset. */
export async function endSessionsOf(tx: Database, clock: Clock, operatorId: string): Promise<void> {
  await tx
    .update(operatorSessions)
    .set({ endedAt: clock.now() })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.endedAt)))
}
