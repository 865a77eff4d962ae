import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm'
import { CODE_HOURLY_CAP } from '@exchange/shared/constants'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import {
  type AccountEventType,
  type CodePurpose,
  accountEvents,
  customers,
  trustedDevices,
  verificationCodes,
} from '../../db/schema'
import { AppError } from '../../errors'
import type { MailService } from '../mail/mail.service'
import type { RequestOrigin, SessionService } from '../sessions/sessions.service'
import {
  codeExpiry,
  codeMatches,
  generateCode,
  hashCode,
  isCodeExhausted,
  isCodeExpired,
  resendWaitSeconds,
} from './codes'
import { hashPassword, verifyDecoyPassword, verifyPassword } from './passwords'

export interface AccountServiceDeps {
  db: Database
  clock: Clock
  mail: MailService
  sessions: SessionService
  codeKey: Buffer
}

export type LoginOutcome = { kind: 'code_required' } | { kind: 'signed_in'; token: string }
export interface VerifiedLogin {
  token: string
  /** A new browser token to keep in a cookie: this browser no longer needs a code at login. */
  deviceToken: string
}

type CodeCheck =
  | { ok: true; codeId: string; purpose: CodePurpose }
  | { ok: false; error: 'code_invalid' | 'code_expired' | 'code_attempts_exceeded' }

const HOUR_MS = 3_600_000

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

export type AccountService = ReturnType<typeof createAccountService>

export function createAccountService({ db, clock, mail, sessions, codeKey }: AccountServiceDeps) {
  async function recordEvent(
    tx: Database,
    event: {
      type: AccountEventType
      email: string
      customerId?: string | null
      ip?: string
      detail?: Record<string, unknown>
    },
  ) {
    await tx.insert(accountEvents).values({ ...event, customerId: event.customerId ?? null, createdAt: clock.now() })
  }

  async function findCustomer(tx: Database, email: string) {
    const [customer] = await tx.select().from(customers).where(eq(customers.email, email))
    return customer
  }

  async function latestActiveCode(tx: Database, email: string, purposes: readonly CodePurpose[]) {
    const [code] = await tx
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.email, email),
          inArray(verificationCodes.purpose, [...purposes]),
          isNull(verificationCodes.consumedAt),
          isNull(verificationCodes.replacedAt),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1)
    return code
  }

  /**
   * Issues a new code and voids the previous one of the same purpose: a new code replaces the old, so a
   * leaked older code is useless. Refuses once the e-mail has had its hourly share of codes.
   */
  async function issueCode(tx: Database, email: string, purpose: CodePurpose): Promise<string> {
    const now = clock.now()
    const recent = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(
        and(eq(verificationCodes.email, email), gt(verificationCodes.createdAt, new Date(now.getTime() - HOUR_MS))),
      )
      .orderBy(verificationCodes.createdAt)
    if (recent.length >= CODE_HOURLY_CAP) {
      const oldest = recent[0]!.createdAt
      throw new AppError('resend_limit_reached', 429, {
        retryAfterSeconds: Math.ceil((oldest.getTime() + HOUR_MS - now.getTime()) / 1000),
      })
    }
    await tx
      .update(verificationCodes)
      .set({ replacedAt: now })
      .where(
        and(
          eq(verificationCodes.email, email),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
          isNull(verificationCodes.replacedAt),
        ),
      )
    const code = generateCode()
    await tx.insert(verificationCodes).values({
      email,
      purpose,
      codeHash: hashCode(codeKey, email, purpose, code),
      createdAt: now,
      expiresAt: codeExpiry(now),
    })
    return code
  }

  async function sendCode(email: string, purpose: CodePurpose, code: string) {
    if (purpose === 'reset') await mail.sendResetCode(email, code)
    else await mail.sendVerificationCode(email, code, purpose)
  }

  /**
   * Checks a code against the newest live code of the given purposes. A wrong try counts, and the count is
   * committed even though the caller then refuses: the caller throws after this transaction ends.
   */
  async function checkCode(
    tx: Database,
    email: string,
    purposes: readonly CodePurpose[],
    code: string,
  ): Promise<CodeCheck> {
    const active = await latestActiveCode(tx, email, purposes)
    if (!active) return { ok: false, error: 'code_invalid' }
    if (isCodeExhausted(active)) return { ok: false, error: 'code_attempts_exceeded' }
    if (isCodeExpired(active, clock.now())) return { ok: false, error: 'code_expired' }
    if (!codeMatches(codeKey, email, active.purpose, code, active.codeHash)) {
      const [updated] = await tx
        .update(verificationCodes)
        .set({ attempts: active.attempts + 1 })
        .where(and(eq(verificationCodes.id, active.id), eq(verificationCodes.attempts, active.attempts)))
        .returning({ attempts: verificationCodes.attempts })
      return { ok: false, error: updated && isCodeExhausted(updated) ? 'code_attempts_exceeded' : 'code_invalid' }
    }
    return { ok: true, codeId: active.id, purpose: active.purpose }
  }

  /** Marks a checked code used; a concurrent use of the same code finds it gone. */
  async function consumeCode(tx: Database, codeId: string): Promise<boolean> {
    const used = await tx
      .update(verificationCodes)
      .set({ consumedAt: clock.now() })
      .where(
        and(
          eq(verificationCodes.id, codeId),
          isNull(verificationCodes.consumedAt),
          isNull(verificationCodes.replacedAt),
        ),
      )
      .returning({ id: verificationCodes.id })
    return used.length === 1
  }

  async function signUp(
    input: { email: string; password: string; token: string },
    origin: RequestOrigin,
  ): Promise<void> {
    if (await findCustomer(db, input.email)) throw new AppError('user already exists')
    const passwordHash = await hashPassword(input.password)
    let code: string
    try {
      code = await db.transaction(async (tx) => {
        const [customer] = await tx
          .insert(customers)
          .values({ email: input.email, passwordHash, affiliateToken: input.token, createdAt: clock.now() })
          .returning({ id: customers.id })
        await recordEvent(tx, {
          type: 'signed_up',
          email: input.email,
          customerId: customer!.id,
          ip: origin.ip,
          detail: { affiliateToken: input.token },
        })
        return issueCode(tx, input.email, 'verify_email')
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('user already exists')
      throw error
    }
    await sendCode(input.email, 'verify_email', code)
  }

  async function login(
    input: { email: string; password: string },
    origin: RequestOrigin,
    deviceToken: string | undefined,
  ): Promise<LoginOutcome> {
    const customer = await findCustomer(db, input.email)
    const passwordOk = customer
      ? await verifyPassword(customer.passwordHash, input.password)
      : await verifyDecoyPassword(input.password)
    if (!customer || !passwordOk) {
      await recordEvent(db, { type: 'login_failed', email: input.email, customerId: customer?.id, ip: origin.ip })
      throw new AppError('invalid_credentials')
    }
    const trusted =
      customer.emailVerifiedAt !== null &&
      deviceToken !== undefined &&
      (await touchTrustedDevice(customer.id, deviceToken))
    if (trusted) {
      const token = await sessions.startSession(customer.id, origin)
      await recordEvent(db, { type: 'login_succeeded', email: customer.email, customerId: customer.id, ip: origin.ip })
      return { kind: 'signed_in', token }
    }
    const purpose: CodePurpose = customer.emailVerifiedAt ? 'login' : 'verify_email'
    const code = await db.transaction(async (tx) => {
      await recordEvent(tx, {
        type: 'login_code_required',
        email: customer.email,
        customerId: customer.id,
        ip: origin.ip,
        detail: { purpose },
      })
      const pending = await latestActiveCode(tx, customer.email, [purpose])
      // A second login within the resend cooldown keeps the code already on its way.
      if (pending && !isCodeExpired(pending, clock.now()) && resendWaitSeconds(pending.createdAt, clock.now()) > 0)
        return undefined
      try {
        return await issueCode(tx, customer.email, purpose)
      } catch (error) {
        // Over the hourly cap the answer stays "enter the code"; the code screen's resend tells the wait.
        if (error instanceof AppError && error.code === 'resend_limit_reached') return undefined
        throw error
      }
    })
    if (code) await sendCode(customer.email, purpose, code)
    return { kind: 'code_required' }
  }

  async function touchTrustedDevice(customerId: string, deviceToken: string): Promise<boolean> {
    const touched = await db
      .update(trustedDevices)
      .set({ lastUsedAt: clock.now() })
      .where(and(eq(trustedDevices.tokenHash, sha256(deviceToken)), eq(trustedDevices.customerId, customerId)))
      .returning({ id: trustedDevices.id })
    return touched.length === 1
  }

  /** The code of /code: confirms a new e-mail, or a login from a new device. Either way it signs in. */
  async function verifyLoginCode(
    input: { email: string; code: string },
    origin: RequestOrigin,
  ): Promise<VerifiedLogin> {
    const outcome = await db.transaction(async (tx) => {
      const customer = await findCustomer(tx, input.email)
      if (!customer) return { ok: false as const, error: 'code_invalid' as const }
      const check = await checkCode(tx, input.email, ['verify_email', 'login'], input.code)
      if (!check.ok) {
        await recordEvent(tx, {
          type: 'code_failed',
          email: input.email,
          customerId: customer.id,
          ip: origin.ip,
          detail: { error: check.error },
        })
        return check
      }
      if (!(await consumeCode(tx, check.codeId))) return { ok: false as const, error: 'code_invalid' as const }
      if (!customer.emailVerifiedAt) {
        await tx.update(customers).set({ emailVerifiedAt: clock.now() }).where(eq(customers.id, customer.id))
        await recordEvent(tx, { type: 'email_verified', email: customer.email, customerId: customer.id, ip: origin.ip })
      }
      const deviceToken = randomBytes(32).toString('base64url')
      await tx.insert(trustedDevices).values({
        customerId: customer.id,
        tokenHash: sha256(deviceToken),
        createdAt: clock.now(),
        lastUsedAt: clock.now(),
        userAgent: origin.userAgent?.slice(0, 512),
      })
      const token = await sessions.startSession(customer.id, origin, tx)
      await recordEvent(tx, {
        type: 'login_succeeded',
        email: customer.email,
        customerId: customer.id,
        ip: origin.ip,
        detail: { via: check.purpose },
      })
      return { ok: true as const, token, deviceToken }
    })
    if (!outcome.ok) throw new AppError(outcome.error)
    return { token: outcome.token, deviceToken: outcome.deviceToken }
  }

  /**
   * Sends the code of /code again: the purpose of the code the customer is waiting for, or an e-mail
   * confirmation for an unconfirmed account. An unknown e-mail gets the same answer and no mail.
   */
  async function resendCode(email: string, origin: RequestOrigin): Promise<void> {
    const issued = await db.transaction(async (tx) => {
      const customer = await findCustomer(tx, email)
      if (!customer) return undefined
      const pending = await latestActiveCode(tx, email, ['verify_email', 'login'])
      const purpose: CodePurpose | undefined =
        pending?.purpose ?? (customer.emailVerifiedAt ? undefined : 'verify_email')
      if (!purpose) return undefined
      const wait = resendWaitSeconds(pending?.createdAt, clock.now())
      if (wait > 0) throw new AppError('resend_too_soon', 429, { retryAfterSeconds: wait })
      const code = await issueCode(tx, email, purpose)
      await recordEvent(tx, {
        type: 'code_sent',
        email,
        customerId: customer.id,
        ip: origin.ip,
        detail: { purpose, resend: true },
      })
      return { code, purpose }
    })
    if (issued) await sendCode(email, issued.purpose, issued.code)
  }

  /** Answers alike whether or not the account exists; only an existing one gets a code. */
  async function startPasswordReset(email: string, origin: RequestOrigin): Promise<void> {
    const code = await db.transaction(async (tx) => {
      const customer = await findCustomer(tx, email)
      if (!customer) return undefined
      const pending = await latestActiveCode(tx, email, ['reset'])
      if (pending && resendWaitSeconds(pending.createdAt, clock.now()) > 0) return undefined
      try {
        const issued = await issueCode(tx, email, 'reset')
        await recordEvent(tx, { type: 'password_reset_requested', email, customerId: customer.id, ip: origin.ip })
        return issued
      } catch (error) {
        if (error instanceof AppError && error.code === 'resend_limit_reached') return undefined
        throw error
      }
    })
    if (code) await sendCode(email, 'reset', code)
  }

  /** Checks a reset code without using it up; wrong tries still count against it. */
  async function checkResetCode(input: { email: string; code: string }): Promise<void> {
    const check = await db.transaction((tx) => checkCode(tx, input.email, ['reset'], input.code))
    if (!check.ok) throw new AppError(check.error)
  }

  async function completePasswordReset(
    input: { email: string; code: string; password: string },
    origin: RequestOrigin,
  ): Promise<void> {
    const passwordHash = await hashPassword(input.password)
    const changedAt = clock.now()
    const outcome = await db.transaction(async (tx) => {
      const check = await checkCode(tx, input.email, ['reset'], input.code)
      if (!check.ok) return check
      const customer = await findCustomer(tx, input.email)
      if (!customer || !(await consumeCode(tx, check.codeId)))
        return { ok: false as const, error: 'code_invalid' as const }
      await tx
        .update(customers)
        .set({ passwordHash, passwordChangedAt: changedAt, emailVerifiedAt: customer.emailVerifiedAt ?? changedAt })
        .where(eq(customers.id, customer.id))
      await sessions.revokeAllSessions(customer.id, 'password_reset', tx)
      await recordEvent(tx, {
        type: 'password_reset_completed',
        email: customer.email,
        customerId: customer.id,
        ip: origin.ip,
      })
      return { ok: true as const }
    })
    if (!outcome.ok) throw new AppError(outcome.error)
    await mail.sendPasswordChanged(input.email, changedAt)
  }

  async function logout(session: { customerId: string; sessionId: string }, origin: RequestOrigin): Promise<void> {
    await sessions.revokeSession(session.sessionId, 'logout')
    const [customer] = await db
      .select({ email: customers.email })
      .from(customers)
      .where(eq(customers.id, session.customerId))
    await recordEvent(db, {
      type: 'logged_out',
      email: customer?.email ?? '',
      customerId: session.customerId,
      ip: origin.ip,
    })
  }

  async function getProfile(customerId: string) {
    const [customer] = await db
      .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(eq(customers.id, customerId))
    if (!customer) throw new AppError('unauthorized', 401)
    return customer
  }

  return {
    signUp,
    login,
    verifyLoginCode,
    resendCode,
    startPasswordReset,
    checkResetCode,
    completePasswordReset,
    logout,
    getProfile,
  }
}
