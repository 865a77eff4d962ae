import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { CODE_RESEND_COOLDOWN_SECONDS } from '@exchange/shared/constants'
import { type CodePurpose, trustedDevices } from '../../db/tables/modules/accounts'
import { customers } from '../../db/tables/modules/customers'
import { AppError } from '../../errors'
import type { RequestOrigin, SessionBinding } from '../sessions/sessions.service'
import type { AccountServiceDeps } from './account-deps'
import { deviceOfAccount, findCustomer, queueIssueCode, recordEvent, requesterOf, sha256 } from './account-records'
import { takeCodeRequest } from './code-budgets'
import { checkCode, consumeCode, issueCode, refuseCode, sendCode } from './codes-store'
import {
  countAccountFailure,
  forgetLoginFailures,
  giveBackLoginTry,
  isAccountGuarded,
  takeLoginTry,
} from './login-throttle'
import { verifyDecoyPassword, verifyPassword } from './passwords'
import { type SecondFactorNeeded, secondFactorTicket } from './second-factor-login'

/** `retryAfterSeconds`: when the code screen may ask for another code. */
/** `second_factor`: two-factor sign-in is on; the ticket goes with the second factor to `loginSecondFactor`. */
export type LoginOutcome =
  | { kind: 'code_required'; retryAfterSeconds: number }
  | { kind: 'signed_in'; token: string; customerId: string }
  | SecondFactorNeeded
export type VerifiedLogin = {
  customerId: string
  /** A new browser token to keep in a cookie: this browser no longer needs a code at login. */
  deviceToken: string
} & ({ token: string; secondFactor?: undefined } | { token?: undefined; secondFactor: SecondFactorNeeded })

/**
 * A failed login slows down only its source (this account's trusted device, else the client address), with a
 * growing wait after five failures; the owner on their own device or address is never locked out by a stranger.
 * Failures from untrusted sources also count on the account wherever they come from: past ten in a day the account
 * is guarded, its owner told, and an untrusted login answers the code step whatever the password (decision 075).
 */
export async function login(
  deps: AccountServiceDeps,
  input: { email: string; password: string },
  origin: RequestOrigin,
  deviceToken: string | undefined,
  /** A sign-in through a partner's visit (`mplogin`): the session started is bound to it. */
  binding?: SessionBinding,
): Promise<LoginOutcome> {
  const { db, clock, sessions } = deps
  const customer = await findCustomer(db, input.email)
  const device = await deviceOfAccount(deps, customer?.id, deviceToken)
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
    await recordEvent(deps, db, {
      type: 'login_failed',
      email: input.email,
      customerId: customer?.id,
      ip: origin.ip,
      detail: { source: device ? 'trusted_device' : 'address', ...(guarded && { guarded }) },
    })
    // Counted and told for any e-mail, so that the answer does the same work whether or not an account exists.
    if (!device && (await countAccountFailure(db, input.email, clock.now())))
      await queueIssueCode(deps, { kind: 'password_guessing', email: input.email, ip: origin.ip })
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
  // Told only to whoever knows the password: a closed account opens no more (decision 121).
  if (customer.closedAt) throw new AppError('account_closed')
  if (customer.emailVerifiedAt !== null && device) {
    await db.update(trustedDevices).set({ lastUsedAt: clock.now() }).where(eq(trustedDevices.id, device.id))
    // With two-factor sign-in on, the second factor follows the password before any session (decision 124).
    const secondFactor = await secondFactorTicket(deps, db, customer.id, binding)
    if (secondFactor) return secondFactor
    const token = await sessions.startSession(customer.id, origin, undefined, binding)
    await recordEvent(deps, db, {
      type: 'login_succeeded',
      email: customer.email,
      customerId: customer.id,
      ip: origin.ip,
    })
    return { kind: 'signed_in', token, customerId: customer.id }
  }
  return { kind: 'code_required', retryAfterSeconds: await mailLoginCode(deps, customer, purpose, origin) }
}

/** The right password from a new device, or for an unconfirmed e-mail: the code step, and its code if due. */
async function mailLoginCode(
  deps: AccountServiceDeps,
  customer: { id: string; email: string },
  purpose: CodePurpose,
  origin: RequestOrigin,
): Promise<number> {
  const { db, clock } = deps
  const issued = await db.transaction(async (tx) => {
    await recordEvent(deps, tx, {
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
    await sendCode(deps, tx, customer.email, purpose, await issueCode(deps, tx, customer.email, purpose, requester))
    return { retryAfterSeconds: CODE_RESEND_COOLDOWN_SECONDS }
  })
  return issued.retryAfterSeconds
}

/** The code of /code: confirms a new e-mail, or a login from a new device. Either way it signs in. */
export async function verifyLoginCode(
  deps: AccountServiceDeps,
  input: { email: string; code: string },
  origin: RequestOrigin,
  binding?: SessionBinding,
): Promise<VerifiedLogin> {
  const { db, clock, sessions } = deps
  const outcome = await db.transaction(async (tx) => {
    // Checked first, and alike for an unknown e-mail, so the try counts on the e-mail's budget either way.
    const check = await checkCode(deps, tx, input.email, ['verify_email', 'login'], input.code, origin)
    const customer = await findCustomer(tx, input.email)
    if (!check.ok) {
      if (customer)
        await recordEvent(deps, tx, {
          type: 'code_failed',
          email: input.email,
          customerId: customer.id,
          ip: origin.ip,
          detail: { error: check.error },
        })
      return check
    }
    if (!customer || !(await consumeCode(deps, tx, check.codeId)))
      return { ok: false as const, error: 'code_invalid' as const }
    if (customer.closedAt) return { ok: false as const, error: 'account_closed' as const }
    if (!customer.emailVerifiedAt) {
      await tx.update(customers).set({ emailVerifiedAt: clock.now() }).where(eq(customers.id, customer.id))
      await recordEvent(deps, tx, {
        type: 'email_verified',
        email: customer.email,
        customerId: customer.id,
        ip: origin.ip,
      })
    }
    const deviceToken = randomBytes(32).toString('base64url')
    await tx.insert(trustedDevices).values({
      customerId: customer.id,
      tokenHash: sha256(deviceToken),
      createdAt: clock.now(),
      lastUsedAt: clock.now(),
      userAgent: origin.userAgent?.slice(0, 512),
    })
    // The mailbox is proved and the browser trusted; with two-factor sign-in on, the second factor still follows
    // (decision 124).
    const secondFactor = await secondFactorTicket(deps, tx, customer.id, binding)
    if (secondFactor) return { ok: true as const, secondFactor, deviceToken, customerId: customer.id }
    const token = await sessions.startSession(customer.id, origin, tx, binding)
    await recordEvent(deps, tx, {
      type: 'login_succeeded',
      email: customer.email,
      customerId: customer.id,
      ip: origin.ip,
      detail: { via: check.purpose },
    })
    return { ok: true as const, token, deviceToken, customerId: customer.id }
  })
  if (!outcome.ok) throw outcome.error === 'account_closed' ? new AppError('account_closed') : refuseCode(outcome)
  const { deviceToken, customerId } = outcome
  return outcome.secondFactor
    ? { secondFactor: outcome.secondFactor, deviceToken, customerId }
    : { token: outcome.token!, deviceToken, customerId }
}

export async function logout(
  deps: AccountServiceDeps,
  session: { customerId: string; sessionId: string },
  origin: RequestOrigin,
): Promise<void> {
  const { db, sessions } = deps
  await sessions.revokeSession(session.sessionId, 'logout')
  const [customer] = await db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, session.customerId))
  await recordEvent(deps, db, {
    type: 'logged_out',
    email: customer?.email ?? '',
    customerId: session.customerId,
    ip: origin.ip,
  })
}
