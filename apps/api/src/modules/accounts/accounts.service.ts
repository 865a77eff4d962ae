import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { CODE_DAILY_TRY_BUDGET, CODE_MAX_ATTEMPTS, CODE_RESEND_COOLDOWN_SECONDS } from '@exchange/shared/constants'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import {
  type AccountEventType,
  type CodePurpose,
  accountEvents,
  trustedDevices,
  verificationCodes,
} from '../../db/tables/modules/accounts'
import { customers } from '../../db/tables/modules/customers'
import { AppError } from '../../errors'
import type { JobQueue, SqlExecutor } from '../../jobs/job-queue'
import type { MailService } from '../mail/mail.service'
import { type KeyedCall, onceWithin } from '../request-keys/request-keys.service'
import type { RequestOrigin, SessionService } from '../sessions/sessions.service'
import {
  type CodeRequester,
  claimPauseNotice,
  codesPaused,
  giveBackCodeTry,
  stampCodeRequest,
  takeCodeRequest,
  takeCodeTry,
} from './code-budgets'
import { ISSUE_CODE_JOB, type IssueCodeJobData } from './issue-code-job'
import { codeExpiry, codeMatches, generateCode, hashCode, isCodeExhausted, isCodeExpired } from './codes'
import {
  countAccountFailure,
  forgetLoginFailures,
  giveBackLoginTry,
  isAccountGuarded,
  takeLoginTry,
} from './login-throttle'
import { hashPassword, verifyDecoyPassword, verifyPassword } from './passwords'

export interface AccountServiceDeps {
  db: Database
  clock: Clock
  mail: MailService
  sessions: SessionService
  codeKey: Buffer
  /** Codes asked for by resend and reset, and the notice of paused codes, are made by a queued job (decision 035). */
  queue: Pick<JobQueue, 'send'>
}

/** `retryAfterSeconds`: when the code screen may ask for another code. */
export type LoginOutcome = { kind: 'code_required'; retryAfterSeconds: number } | { kind: 'signed_in'; token: string }
export interface VerifiedLogin {
  token: string
  /** A new browser token to keep in a cookie: this browser no longer needs a code at login. */
  deviceToken: string
}

type CodeCheck =
  | { ok: true; codeId: string; purpose: CodePurpose }
  | {
      ok: false
      error: 'code_invalid' | 'code_expired' | 'code_attempts_exceeded' | 'codes_paused'
      retryAfterSeconds?: number
    }

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/** Who asks for or tries a code, as the code budgets count them (decision 074): the client address. */
function requesterOf(origin: RequestOrigin): string {
  return `ip:${origin.ip}`
}

export type AccountService = ReturnType<typeof createAccountService>

export function createAccountService({ db, clock, mail, sessions, codeKey, queue }: AccountServiceDeps) {
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

  /**
   * Records the event of a queued job, once: answers false when the job's id is already in the trail, i.e. this is a
   * retry of a run that committed (issue-code-job.ts). A concurrent run of the same job waits here for the other's
   * commit, then finds its row.
   */
  async function recordJobEvent(
    tx: Database,
    jobId: string,
    event: { type: AccountEventType; email: string; customerId: string; ip: string; detail?: Record<string, unknown> },
  ): Promise<boolean> {
    const recorded = await tx
      .insert(accountEvents)
      .values({ ...event, jobId, createdAt: clock.now() })
      .onConflictDoNothing({ target: accountEvents.jobId })
      .returning({ id: accountEvents.id })
    return recorded.length === 1
  }

  /** Queues the work of a code call; with `tx`, the job exists only if the call's transaction commits. */
  async function queueIssueCode(data: IssueCodeJobData, tx?: SqlExecutor): Promise<void> {
    await queue.send(ISSUE_CODE_JOB, data, tx)
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
   * Issues a new code and voids the previous one of the same purpose: a new code replaces the old, so a leaked
   * older code is useless. The caller has taken the request from the budgets (code-budgets.ts); the code keeps who
   * asked for it, and whether they proved to be the owner (decision 074).
   */
  async function issueCode(tx: Database, email: string, purpose: CodePurpose, by: CodeRequester): Promise<string> {
    const now = clock.now()
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
      requestedBy: by.key,
      requestedByOwner: by.owner,
    })
    return code
  }

  /** Queues the code's mail in the transaction that issued the code: both are stored, or neither. */
  async function sendCode(tx: Database, email: string, purpose: CodePurpose, code: string) {
    if (purpose === 'reset') await mail.sendResetCode(email, code, tx)
    else await mail.sendVerificationCode(email, code, purpose, tx)
  }

  /**
   * Checks a code against the newest live code of the given purposes. The try is counted before the code is
   * compared, on the code (five a code) and on the daily budgets of the e-mail and of the requester (code-budgets.ts),
   * each with a guarded `update … returning`, so parallel guesses are all counted and none is compared once the code
   * is void. The owner's code, tried where the owner asked for it, is compared even while strangers have paused the
   * e-mail's codes. A right code gives the tries back. The counts are committed even though the caller then refuses:
   * it throws after the transaction ends.
   */
  async function checkCode(
    tx: Database,
    email: string,
    purposes: readonly CodePurpose[],
    code: string,
    origin: RequestOrigin,
  ): Promise<CodeCheck> {
    const now = clock.now()
    const requester = requesterOf(origin)
    const active = await latestActiveCode(tx, email, purposes)
    const ownersCode = active !== undefined && active.requestedByOwner && active.requestedBy === requester
    const budget = await takeCodeTry(tx, email, requester, now, ownersCode)
    if (!budget.ok) return { ok: false, ...budget.refusal }
    const emailTries = budget.taken.emailTries ?? 0
    const failed = async (error: 'code_invalid' | 'code_expired' | 'code_attempts_exceeded'): Promise<CodeCheck> => {
      // The try that used up the day's tries queues the owner's notice, once per pause, with the claim of it; for
      // any e-mail, so that the answer does the same work whether or not an account exists.
      if (emailTries >= CODE_DAILY_TRY_BUDGET && (await claimPauseNotice(tx, email, now)))
        await queueIssueCode({ kind: 'codes_paused', email, ip: origin.ip }, tx)
      return { ok: false, error }
    }
    if (!active) return failed('code_invalid')
    // The owner's code is tried only where the owner asked for it: elsewhere nobody can guess it or use up its tries.
    if (active.requestedByOwner && !ownersCode) return failed('code_invalid')
    if (isCodeExpired(active, now)) return failed('code_expired')
    const [counted] = await tx
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(and(eq(verificationCodes.id, active.id), sql`${verificationCodes.attempts} < ${CODE_MAX_ATTEMPTS}`))
      .returning({ attempts: verificationCodes.attempts })
    if (!counted) return failed('code_attempts_exceeded')
    if (!codeMatches(codeKey, email, active.purpose, code, active.codeHash))
      return failed(isCodeExhausted(counted) ? 'code_attempts_exceeded' : 'code_invalid')
    await tx
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} - 1` })
      .where(eq(verificationCodes.id, active.id))
    await giveBackCodeTry(tx, email, budget.taken)
    return { ok: true, codeId: active.id, purpose: active.purpose }
  }

  function refuseCode(check: Extract<CodeCheck, { ok: false }>): AppError {
    if (check.error === 'codes_paused')
      return new AppError('codes_paused', 429, { retryAfterSeconds: check.retryAfterSeconds })
    return new AppError(check.error)
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

  /**
   * Creates the account and mails its first code. Sent with an Idempotency-Key (`keyed`), a retry of a sign-up that
   * succeeded answers that success instead of 'user already exists', and mails nothing more (decision 092).
   */
  async function signUp(
    input: { email: string; password: string; token: string },
    origin: RequestOrigin,
    keyed?: KeyedCall<void>,
  ): Promise<void> {
    if (await findCustomer(db, input.email)) throw new AppError('user already exists')
    const passwordHash = await hashPassword(input.password)
    try {
      await db.transaction((tx) =>
        onceWithin(tx, keyed, async () => {
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
          // The first code of a sign-up always goes out (an e-mail signs up once); the next one waits its turn. Who
          // chose the password is the account's owner: the code is theirs (decision 074).
          const requester = requesterOf(origin)
          await stampCodeRequest(tx, input.email, 'verify_email', requester, clock.now())
          const code = await issueCode(tx, input.email, 'verify_email', { key: requester, owner: true })
          await sendCode(tx, input.email, 'verify_email', code)
        }),
      )
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('user already exists')
      throw error
    }
  }

  async function findTrustedDevice(deviceToken: string | undefined) {
    if (deviceToken === undefined) return undefined
    const [device] = await db
      .select({ id: trustedDevices.id, customerId: trustedDevices.customerId })
      .from(trustedDevices)
      .where(eq(trustedDevices.tokenHash, sha256(deviceToken)))
    return device
  }

  /** The browser's trusted device when it is one of this account's, else undefined. */
  async function deviceOfAccount(customerId: string | undefined, deviceToken: string | undefined) {
    const found = customerId === undefined ? undefined : await findTrustedDevice(deviceToken)
    return found && found.customerId === customerId ? found : undefined
  }

  /**
   * Whether a code request comes from the owner (decision 074): a trusted device of the account, or the requester of
   * the code it asks again for ("holding the last code"). The owner is charged on their own budget only. The new code
   * belongs to the asker; asked by anyone else, to the requester of the code it replaces, so a stranger who asks
   * again for the owner's code neither takes it over nor becomes the one holding it.
   */
  async function codeAsker(
    email: string,
    pending: { requestedBy: string | null; requestedByOwner: boolean } | undefined,
    origin: RequestOrigin,
    deviceToken: string | undefined,
  ): Promise<{ requester: CodeRequester; owner: { requestedBy: string; byOwner: boolean } }> {
    const key = requesterOf(origin)
    const customer = deviceToken === undefined ? undefined : await findCustomer(db, email)
    const device = await deviceOfAccount(customer?.id, deviceToken)
    const holdsLast = pending?.requestedBy === key
    const asksAsOwner = device !== undefined || holdsLast
    const owner =
      asksAsOwner || !pending?.requestedBy
        ? { requestedBy: key, byOwner: device !== undefined || (holdsLast && pending.requestedByOwner) }
        : { requestedBy: pending.requestedBy, byOwner: pending.requestedByOwner }
    return { requester: { key, owner: asksAsOwner }, owner }
  }

  /**
   * A failed login slows down only its source (this account's trusted device, else the client address), with a
   * growing wait after five failures; the owner on their own device or address is never locked out by a stranger.
   * Failures from untrusted sources also count on the account wherever they come from: past ten in a day the account
   * is guarded, its owner told, and an untrusted login answers the code step whatever the password (decision 075).
   */
  async function login(
    input: { email: string; password: string },
    origin: RequestOrigin,
    deviceToken: string | undefined,
  ): Promise<LoginOutcome> {
    const customer = await findCustomer(db, input.email)
    const device = await deviceOfAccount(customer?.id, deviceToken)
    const source = device ? `device:${device.id}` : `ip:${origin.ip}`
    const allowed = await takeLoginTry(db, input.email, source, clock.now())
    if (!allowed.ok) throw new AppError('rate_limited', 429, { retryAfterSeconds: allowed.retryAfterSeconds })
    const guarded = !device && (await isAccountGuarded(db, input.email, clock.now()))
    let passwordOk: boolean
    try {
      passwordOk = customer
        ? await verifyPassword(customer.passwordHash, input.password)
        : await verifyDecoyPassword(input.password)
    } catch (error) {
      // Too busy to check the password (the hash queue is full): the try was not a failure.
      await giveBackLoginTry(db, input.email, source, clock.now())
      throw error
    }
    const purpose: CodePurpose = customer?.emailVerifiedAt ? 'login' : 'verify_email'
    if (!customer || !passwordOk) {
      await recordEvent(db, {
        type: 'login_failed',
        email: input.email,
        customerId: customer?.id,
        ip: origin.ip,
        detail: { source: device ? 'trusted_device' : 'address', ...(guarded && { guarded }) },
      })
      // Counted and told for any e-mail, so that the answer does the same work whether or not an account exists.
      if (!device && (await countAccountFailure(db, input.email, clock.now())))
        await queueIssueCode({ kind: 'password_guessing', email: input.email, ip: origin.ip })
      if (!guarded) throw new AppError('invalid_credentials')
      // The code step a right password gets, from the same budget, and no code: the answer tells a guess nothing.
      const taken = await takeCodeRequest(db, input.email, purpose, clock.now(), {
        key: requesterOf(origin),
        owner: true,
      })
      return {
        kind: 'code_required',
        retryAfterSeconds: taken.ok ? CODE_RESEND_COOLDOWN_SECONDS : taken.refusal.retryAfterSeconds,
      }
    }
    await forgetLoginFailures(db, input.email, source)
    if (customer.emailVerifiedAt !== null && device) {
      await db.update(trustedDevices).set({ lastUsedAt: clock.now() }).where(eq(trustedDevices.id, device.id))
      const token = await sessions.startSession(customer.id, origin)
      await recordEvent(db, { type: 'login_succeeded', email: customer.email, customerId: customer.id, ip: origin.ip })
      return { kind: 'signed_in', token }
    }
    const issued = await db.transaction(async (tx) => {
      await recordEvent(tx, {
        type: 'login_code_required',
        email: customer.email,
        customerId: customer.id,
        ip: origin.ip,
        detail: { purpose },
      })
      // Within 30 s of the last code it stays the one on its way; over the budget the code screen tells the wait.
      // The right password proves the owner: charged on this requester alone, and the code is theirs (decision 074).
      const requester = { key: requesterOf(origin), owner: true }
      const taken = await takeCodeRequest(tx, customer.email, purpose, clock.now(), requester)
      if (!taken.ok) return { retryAfterSeconds: taken.refusal.retryAfterSeconds }
      await sendCode(tx, customer.email, purpose, await issueCode(tx, customer.email, purpose, requester))
      return { retryAfterSeconds: CODE_RESEND_COOLDOWN_SECONDS }
    })
    return { kind: 'code_required', retryAfterSeconds: issued.retryAfterSeconds }
  }

  /** The code of /code: confirms a new e-mail, or a login from a new device. Either way it signs in. */
  async function verifyLoginCode(
    input: { email: string; code: string },
    origin: RequestOrigin,
  ): Promise<VerifiedLogin> {
    const outcome = await db.transaction(async (tx) => {
      // Checked first, and alike for an unknown e-mail, so the try counts on the e-mail's budget either way.
      const check = await checkCode(tx, input.email, ['verify_email', 'login'], input.code, origin)
      const customer = await findCustomer(tx, input.email)
      if (!check.ok) {
        if (customer)
          await recordEvent(tx, {
            type: 'code_failed',
            email: input.email,
            customerId: customer.id,
            ip: origin.ip,
            detail: { error: check.error },
          })
        return check
      }
      if (!customer || !(await consumeCode(tx, check.codeId)))
        return { ok: false as const, error: 'code_invalid' as const }
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
    if (!outcome.ok) throw refuseCode(outcome)
    return { token: outcome.token, deviceToken: outcome.deviceToken }
  }

  /**
   * Sends the code of /code again: the purpose of the code the customer is waiting for, or an e-mail confirmation
   * for an unconfirmed account. The answer comes from the e-mail's budget alone, kept for any e-mail, and a job is
   * queued for any e-mail (issue-code-job.ts): an unknown e-mail gets the same answer, after the same work, and no
   * mail. The budget and the job are stored together, so a charged request is never left without its code.
   */
  async function resendCode(
    email: string,
    origin: RequestOrigin,
    deviceToken: string | undefined,
  ): Promise<{ retryAfterSeconds: number }> {
    const customer = await findCustomer(db, email)
    const pending = await latestActiveCode(db, email, ['verify_email', 'login'])
    const waitedFor = pending?.purpose === 'login' || pending?.purpose === 'verify_email' ? pending.purpose : undefined
    const purpose = waitedFor ?? (customer?.emailVerifiedAt ? 'login' : 'verify_email')
    const { requester, owner } = await codeAsker(email, pending, origin, deviceToken)
    const taken = await db.transaction(async (tx) => {
      const taken = await takeCodeRequest(tx, email, purpose, clock.now(), requester)
      if (taken.ok) await queueIssueCode({ kind: 'resend', email, purpose, ip: origin.ip, ...owner }, tx)
      return taken
    })
    if (!taken.ok) throw new AppError(taken.refusal.error, 429, { retryAfterSeconds: taken.refusal.retryAfterSeconds })
    return { retryAfterSeconds: CODE_RESEND_COOLDOWN_SECONDS }
  }

  /**
   * Answers from the e-mail's reset budget alone, kept whether or not the account exists, and queues the job for
   * any e-mail (issue-code-job.ts), so a known and an unknown e-mail answer alike, after the same work.
   */
  async function startPasswordReset(
    email: string,
    origin: RequestOrigin,
    deviceToken: string | undefined,
  ): Promise<{ retryAfterSeconds: number }> {
    const pending = await latestActiveCode(db, email, ['reset'])
    const { requester, owner } = await codeAsker(email, pending, origin, deviceToken)
    const taken = await db.transaction(async (tx) => {
      const taken = await takeCodeRequest(tx, email, 'reset', clock.now(), requester)
      if (taken.ok) await queueIssueCode({ kind: 'reset', email, ip: origin.ip, ...owner }, tx)
      return taken
    })
    if (!taken.ok) throw new AppError(taken.refusal.error, 429, { retryAfterSeconds: taken.refusal.retryAfterSeconds })
    return { retryAfterSeconds: CODE_RESEND_COOLDOWN_SECONDS }
  }

  /** Whom a queued code belongs to; a job queued before decision 074 names only its asker's address. */
  function codeOwnerOf(job: { ip: string; requestedBy?: string | undefined; byOwner: boolean }): CodeRequester {
    return { key: job.requestedBy ?? `ip:${job.ip}`, owner: job.byOwner }
  }

  /**
   * The issue-code job (issue-code-job.ts): nothing for an unknown e-mail; for an account, the event, the code and
   * its mail in one transaction, once per job (the event carries the job's id).
   */
  async function issueQueuedCode(job: IssueCodeJobData, jobId: string): Promise<void> {
    const { email } = job
    await db.transaction(async (tx) => {
      const customer = await findCustomer(tx, email)
      if (!customer) return
      const now = clock.now()
      const about = { email, customerId: customer.id, ip: job.ip }
      if (job.kind === 'password_guessing') {
        if (!(await recordJobEvent(tx, jobId, { type: 'password_guessing_noticed', ...about }))) return
        await mail.sendPasswordGuessing(email, tx)
        return
      }
      if (job.kind === 'codes_paused') {
        const paused = await codesPaused(tx, email, now)
        if (!paused || !(await recordJobEvent(tx, jobId, { type: 'codes_paused', ...about }))) return
        await mail.sendCodesPaused(email, new Date(now.getTime() + paused.retryAfterSeconds * 1000), tx)
        return
      }
      if (job.kind === 'reset') {
        if (!(await recordJobEvent(tx, jobId, { type: 'password_reset_requested', ...about }))) return
        const code = await issueCode(tx, email, 'reset', codeOwnerOf(job))
        await sendCode(tx, email, 'reset', code)
        return
      }
      // Only a customer waiting for a code, or one who has not confirmed the e-mail, gets one.
      const pending = await latestActiveCode(tx, email, ['verify_email', 'login'])
      if (!pending && customer.emailVerifiedAt) return
      const detail = { purpose: job.purpose, resend: true }
      if (!(await recordJobEvent(tx, jobId, { type: 'code_sent', ...about, detail }))) return
      const code = await issueCode(tx, email, job.purpose, codeOwnerOf(job))
      await sendCode(tx, email, job.purpose, code)
    })
  }

  /** Checks a reset code without using it up; wrong tries still count against it. */
  async function checkResetCode(input: { email: string; code: string }, origin: RequestOrigin): Promise<void> {
    const check = await db.transaction((tx) => checkCode(tx, input.email, ['reset'], input.code, origin))
    if (!check.ok) throw refuseCode(check)
  }

  /** A new password signs out every session and forgets every trusted device: the next login asks for a code. */
  async function completePasswordReset(
    input: { email: string; code: string; password: string },
    origin: RequestOrigin,
  ): Promise<void> {
    const passwordHash = await hashPassword(input.password)
    const changedAt = clock.now()
    const outcome = await db.transaction(async (tx) => {
      const check = await checkCode(tx, input.email, ['reset'], input.code, origin)
      if (!check.ok) return check
      const customer = await findCustomer(tx, input.email)
      if (!customer || !(await consumeCode(tx, check.codeId)))
        return { ok: false as const, error: 'code_invalid' as const }
      await tx
        .update(customers)
        .set({ passwordHash, passwordChangedAt: changedAt, emailVerifiedAt: customer.emailVerifiedAt ?? changedAt })
        .where(eq(customers.id, customer.id))
      await sessions.revokeAllSessions(customer.id, 'password_reset', tx)
      await tx.delete(trustedDevices).where(eq(trustedDevices.customerId, customer.id))
      await recordEvent(tx, {
        type: 'password_reset_completed',
        email: customer.email,
        customerId: customer.id,
        ip: origin.ip,
      })
      await mail.sendPasswordChanged(customer.email, changedAt, tx)
      return { ok: true as const }
    })
    if (!outcome.ok) throw refuseCode(outcome)
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

  return {
    signUp,
    login,
    verifyLoginCode,
    resendCode,
    startPasswordReset,
    checkResetCode,
    completePasswordReset,
    logout,
    issueQueuedCode,
  }
}
