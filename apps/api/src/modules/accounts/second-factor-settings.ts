import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm'
import type {
  AddPasskeyRequest,
  Passkey,
  PasskeyChallenge,
  SecondFactorStatus,
  TotpSetup,
} from '@exchange/shared/second-factor.schemas'
import type { Database } from '../../db/client'
import { passkeys, recoveryCodes, totpFactors } from '../../db/tables/modules/accounts'
import { customers } from '../../db/tables/modules/customers'
import { AppError } from '../../errors'
import type { SecondFactorChange } from '../mail/account-mail.templates'
import type { RequestOrigin, SessionContext } from '../sessions/sessions.service'
import type { AccountServiceDeps } from './account-deps'
import { recordEvent } from './account-records'
import { forgetLoginFailures, takeLoginTry } from './login-throttle'
import { passkeyOriginOf } from './passkey-origin'
import { passkeyAssertionOptions, passkeyRegistrationOptions, verifyPasskeyRegistration } from './passkeys'
import { type Reauthentication, reauthenticate } from './reauthentication'
import { CUSTOMER_TOTP, factorsOf, makeRecoveryCodes, secondFactorOn, secondFactorRefusal } from './second-factor-store'
import { newTotpEnrolment, takeTotpStep, totpStep, unsealSecret } from './second-factor-totp'

/**
 * The signed-in customer's two-factor settings (decision 124): the authenticator app set up and confirmed by a first
 * code, recovery codes made anew, passkeys added, named and removed. Every change but a name proves it is the
 * customer (`reauthenticate`: the password, and the second factor when one is on), is recorded as an account event
 * and mailed to the customer in the same transaction.
 */

type Customer = { id: string; email: string }

async function securityChange(
  deps: AccountServiceDeps,
  tx: Database,
  customer: Customer,
  origin: RequestOrigin,
  change: SecondFactorChange,
) {
  const { kind, ...detail } = change
  await recordEvent(deps, tx, { type: kind, email: customer.email, customerId: customer.id, ip: origin.ip, detail })
  await deps.mail.sendSecondFactorChanged(customer.email, change, deps.clock.now(), tx)
}

async function customerOf(deps: AccountServiceDeps, session: SessionContext): Promise<Customer> {
  const [customer] = await deps.db
    .select({ id: customers.id, email: customers.email, closedAt: customers.closedAt })
    .from(customers)
    .where(eq(customers.id, session.customerId))
  if (!customer || customer.closedAt) throw new AppError('unauthorized', 401)
  return customer
}

const passkeyOf = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
})

export async function secondFactorStatus(
  deps: AccountServiceDeps,
  session: SessionContext,
): Promise<SecondFactorStatus> {
  const factors = await factorsOf(deps.db, session.customerId)
  const keys = await deps.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.customerId, session.customerId))
    .orderBy(asc(passkeys.createdAt))
  return {
    totp: factors.totp !== undefined,
    recoveryCodesLeft: factors.recoveryCodesLeft,
    passkeys: keys.map(passkeyOf),
  }
}

/**
 * Starts the authenticator app (otp1): a new secret, sealed, kept pending until `confirmTotp`; answered once in text,
 * as an `otpauth://` link and as that link's QR code (an SVG data URL, made here so the web app ships no QR library).
 */
export async function startTotp(
  deps: AccountServiceDeps,
  session: SessionContext,
  proof: Reauthentication,
  origin: RequestOrigin,
): Promise<TotpSetup> {
  const customer = await reauthenticate(deps, session, proof, origin, 'start_totp')
  if ((await factorsOf(deps.db, customer.id)).totp) throw new AppError('transition_not_allowed')
  const { secret, sealedSecret, otpauthUrl, qrCode } = await newTotpEnrolment(
    deps.secondFactorKey,
    deps.rpName,
    customer.email,
  )
  await deps.db
    .insert(totpFactors)
    .values({ customerId: customer.id, sealedSecret, createdAt: deps.clock.now() })
    .onConflictDoUpdate({ target: totpFactors.customerId, set: { sealedSecret, createdAt: deps.clock.now() } })
  return { secret, otpauthUrl, qrCode }
}

/**
 * Confirms the app with its first code (otp2): the code's step is taken (it cannot be used again), the app is on, and
 * when it is the customer's first factor ten recovery codes are made and answered this once (otp3). Guesses are
 * limited as the second factor's are.
 */
export async function confirmTotp(
  deps: AccountServiceDeps,
  session: SessionContext,
  code: string,
  origin: RequestOrigin,
): Promise<{ recoveryCodes: string[] }> {
  const { db, clock } = deps
  const customer = await customerOf(deps, session)
  const [pending] = await db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.customerId, customer.id), isNull(totpFactors.confirmedAt)))
  if (!pending) throw new AppError('totp_not_started')
  const allowed = await takeLoginTry(db, customer.email, 'second_factor', clock.now())
  if (!allowed.ok) throw new AppError('rate_limited', 429, { retryAfterSeconds: allowed.retryAfterSeconds })
  const step = totpStep(unsealSecret(deps.secondFactorKey, pending.sealedSecret), code, clock.now())
  if (step === undefined) {
    await recordEvent(deps, db, {
      type: 'second_factor_failed',
      email: customer.email,
      customerId: customer.id,
      ip: origin.ip,
      detail: { action: 'confirm_totp', method: 'totp', error: 'second_factor_invalid' },
    })
    throw secondFactorRefusal('second_factor_invalid')
  }
  await forgetLoginFailures(db, customer.email, 'second_factor')
  return db.transaction(async (tx) => {
    const wasOn = secondFactorOn(await factorsOf(tx, customer.id))
    if (!(await takeTotpStep(tx, CUSTOMER_TOTP, customer.id, step))) throw secondFactorRefusal('second_factor_used')
    await tx.update(totpFactors).set({ confirmedAt: clock.now() }).where(eq(totpFactors.customerId, customer.id))
    const codes = wasOn ? [] : await makeRecoveryCodes(deps, tx, customer.id)
    await securityChange(deps, tx, customer, origin, { kind: 'second_factor_enabled', method: 'totp' })
    return { recoveryCodes: codes }
  })
}

/** Turns the app off; with no passkey left, two-factor sign-in is off and the recovery codes go too. */
export async function disableTotp(
  deps: AccountServiceDeps,
  session: SessionContext,
  proof: Reauthentication,
  origin: RequestOrigin,
): Promise<void> {
  const customer = await reauthenticate(deps, session, proof, origin, 'disable_totp')
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(totpFactors)
      .where(and(eq(totpFactors.customerId, customer.id), isNotNull(totpFactors.confirmedAt)))
      .returning({ customerId: totpFactors.customerId })
    if (removed.length === 0) throw new AppError('transition_not_allowed')
    if (!secondFactorOn(await factorsOf(tx, customer.id)))
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.customerId, customer.id))
    await securityChange(deps, tx, customer, origin, { kind: 'second_factor_disabled', method: 'totp' })
  })
}

/** Ten new recovery codes in place of the old ones, answered this once. */
export async function renewRecoveryCodes(
  deps: AccountServiceDeps,
  session: SessionContext,
  proof: Reauthentication,
  origin: RequestOrigin,
): Promise<{ recoveryCodes: string[] }> {
  const customer = await reauthenticate(deps, session, proof, origin, 'renew_recovery_codes')
  return deps.db.transaction(async (tx) => {
    if (!secondFactorOn(await factorsOf(tx, customer.id))) throw new AppError('transition_not_allowed')
    const codes = await makeRecoveryCodes(deps, tx, customer.id)
    await securityChange(deps, tx, customer, origin, { kind: 'recovery_codes_renewed' })
    return { recoveryCodes: codes }
  })
}

/** The request for a new passkey, after proving it is the customer. */
export async function startPasskey(
  deps: AccountServiceDeps,
  session: SessionContext,
  proof: Reauthentication,
  origin: RequestOrigin,
): Promise<PasskeyChallenge> {
  const where = passkeyOriginOf(deps.publicUrl, origin)
  if (!where) throw new AppError('passkey_invalid')
  const customer = await reauthenticate(deps, session, proof, origin, 'add_passkey')
  return passkeyRegistrationOptions(deps, customer, where)
}

/** Stores a new passkey under its name; the customer's first factor also makes their recovery codes. */
export async function addPasskey(
  deps: AccountServiceDeps,
  session: SessionContext,
  input: Omit<AddPasskeyRequest, 'brandName'>,
  origin: RequestOrigin,
): Promise<{ passkey: Passkey; recoveryCodes?: string[] }> {
  const customer = await customerOf(deps, session)
  const where = passkeyOriginOf(deps.publicUrl, origin)
  if (!where) throw new AppError('passkey_invalid')
  const outcome = await deps.db.transaction(async (tx) => {
    const verified = await verifyPasskeyRegistration(deps, tx, customer.id, input, where)
    if (!verified.ok) return verified
    const [known] = await tx
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(eq(passkeys.credentialId, verified.credential.id))
    if (known) return { ok: false as const, error: 'passkey_invalid' as const }
    const wasOn = secondFactorOn(await factorsOf(tx, customer.id))
    const [row] = await tx
      .insert(passkeys)
      .values({
        customerId: customer.id,
        credentialId: verified.credential.id,
        publicKey: verified.credential.publicKey,
        signCount: verified.credential.counter,
        transports: verified.credential.transports,
        name: input.name,
        createdAt: deps.clock.now(),
      })
      .returning()
    const codes = wasOn ? undefined : await makeRecoveryCodes(deps, tx, customer.id)
    if (!wasOn) await securityChange(deps, tx, customer, origin, { kind: 'second_factor_enabled', method: 'passkey' })
    await securityChange(deps, tx, customer, origin, { kind: 'passkey_added', name: input.name })
    return { ok: true as const, passkey: passkeyOf(row!), ...(codes && { recoveryCodes: codes }) }
  })
  if (!outcome.ok) throw secondFactorRefusal(outcome.error)
  return { passkey: outcome.passkey, ...(outcome.recoveryCodes && { recoveryCodes: outcome.recoveryCodes }) }
}

export async function renamePasskey(
  deps: AccountServiceDeps,
  session: SessionContext,
  input: { passkeyId: string; name: string },
): Promise<void> {
  const renamed = await deps.db
    .update(passkeys)
    .set({ name: input.name })
    .where(and(eq(passkeys.id, input.passkeyId), eq(passkeys.customerId, session.customerId)))
    .returning({ id: passkeys.id })
  if (renamed.length === 0) throw new AppError('passkey_not_found')
}

/** The request for a passkey's assertion that proves a sensitive action (`secondFactor.passkey`). */
export async function passkeyReauthOptions(
  deps: AccountServiceDeps,
  session: SessionContext,
  origin: RequestOrigin,
): Promise<PasskeyChallenge> {
  const where = passkeyOriginOf(deps.publicUrl, origin)
  if (!where) throw new AppError('passkey_invalid')
  const customer = await customerOf(deps, session)
  if ((await factorsOf(deps.db, customer.id)).passkeys === 0) throw new AppError('passkey_not_found')
  return passkeyAssertionOptions(deps, 'reauth', customer.id, where)
}

/** Removes a passkey; the last factor gone, two-factor sign-in is off and the recovery codes go too. */
export async function removePasskey(
  deps: AccountServiceDeps,
  session: SessionContext,
  input: Reauthentication & { passkeyId: string },
  origin: RequestOrigin,
): Promise<void> {
  const [own] = await deps.db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(and(eq(passkeys.id, input.passkeyId), eq(passkeys.customerId, session.customerId)))
  if (!own) throw new AppError('passkey_not_found')
  const customer = await reauthenticate(deps, session, input, origin, 'remove_passkey')
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, input.passkeyId), eq(passkeys.customerId, customer.id)))
      .returning({ name: passkeys.name })
    if (!removed) throw new AppError('passkey_not_found')
    await securityChange(deps, tx, customer, origin, { kind: 'passkey_removed', name: removed.name })
    if (!secondFactorOn(await factorsOf(tx, customer.id))) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.customerId, customer.id))
      await securityChange(deps, tx, customer, origin, { kind: 'second_factor_disabled', method: 'passkey' })
    }
  })
}
