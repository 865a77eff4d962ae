import { eq } from 'drizzle-orm'
import type { SecondFactorProof } from '@exchange/shared/second-factor.schemas'
import { customers } from '../../db/tables/modules/customers'
import { AppError } from '../../errors'
import type { RequestOrigin, SessionContext } from '../sessions/sessions.service'
import type { AccountServiceDeps } from './account-deps'
import { queueIssueCode, recordEvent } from './account-records'
import { countAccountFailure, forgetLoginFailures, giveBackLoginTry, takeLoginTry } from './login-throttle'
import { verifyPassword } from './passwords'
import { factorsOf, secondFactorOn, verifySecondFactor } from './second-factor-store'
import { passkeyOriginOf } from './passkey-origin'

/**
 * What a sensitive action is given to prove the customer is at the keyboard: the current password and, with
 * two-factor sign-in on, a second factor (an authenticator or recovery code, or a passkey's assertion), checked in
 * `reauthenticate` after the password (decisions 121, 124).
 */
export interface Reauthentication {
  currentPassword: string
  secondFactor?: SecondFactorProof | undefined
}

/** The customer a sensitive action was proved for: their row as it was read for the check. */
export type ReauthenticatedCustomer = typeof customers.$inferSelect

/**
 * Re-authenticates a signed-in customer for a sensitive action (decision 121): their current password, checked with
 * the login's hash and its guess limits. A try is taken from the session's own login throttle before the hash
 * (`session:<id>`: five free, then a growing wait) and counted on the account like an untrusted login's failure, so a
 * stolen session cannot guess passwords faster than a stranger at the login, and ten failures in a day guard the
 * account and tell its owner. A wrong password answers `invalid_credentials` and is recorded; a right one clears the
 * session's failures. With a second factor on, it is asked next (`second_factor_required` without one) and checked with
 * its own guess limit (decision 124); a recovery code used here is used up.
 */
export async function reauthenticate(
  deps: AccountServiceDeps,
  session: SessionContext,
  proof: Reauthentication,
  origin: RequestOrigin,
  action: string,
): Promise<ReauthenticatedCustomer> {
  const { db, clock } = deps
  const [customer] = await db.select().from(customers).where(eq(customers.id, session.customerId))
  if (!customer || customer.closedAt) throw new AppError('unauthorized', 401)
  const source = `session:${session.sessionId}`
  const allowed = await takeLoginTry(db, customer.email, source, clock.now())
  if (!allowed.ok) throw new AppError('rate_limited', 429, { retryAfterSeconds: allowed.retryAfterSeconds })
  let passwordOk: boolean
  try {
    passwordOk = await verifyPassword(customer.passwordHash, proof.currentPassword)
  } catch (error) {
    await giveBackLoginTry(db, customer.email, source, clock.now())
    throw error
  }
  if (!passwordOk) {
    await recordEvent(deps, db, {
      type: 'reauth_failed',
      email: customer.email,
      customerId: customer.id,
      ip: origin.ip,
      detail: { action },
    })
    if (await countAccountFailure(db, customer.email, clock.now()))
      await queueIssueCode(deps, { kind: 'password_guessing', email: customer.email, ip: origin.ip })
    throw new AppError('invalid_credentials', 200, { fields: { currentPassword: 'This is not your current password' } })
  }
  await forgetLoginFailures(db, customer.email, source)
  if (!secondFactorOn(await factorsOf(db, customer.id))) return customer
  if (!proof.secondFactor)
    throw new AppError('second_factor_required', 200, {
      fields: { secondFactor: 'Confirm with your authenticator app, a recovery code or a passkey' },
    })
  await verifySecondFactor(deps, customer, proof.secondFactor, {
    origin,
    webOrigin: passkeyOriginOf(deps.publicUrl, origin),
    action,
    purpose: 'reauth',
  })
  return customer
}
