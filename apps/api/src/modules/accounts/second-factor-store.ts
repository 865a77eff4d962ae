import { createHmac, randomInt } from 'node:crypto'
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm'
import { RecoveryCode, type SecondFactorProof, TotpCode } from '@exchange/shared/second-factor.schemas'
import type { Database } from '../../db/client'
import { passkeys, recoveryCodes, totpFactors } from '../../db/tables/modules/accounts'
import { AppError } from '../../errors'
import type { RequestOrigin } from '../sessions/sessions.service'
import type { AccountServiceDeps } from './account-deps'
import { recordEvent } from './account-records'
import { forgetLoginFailures, takeLoginTry } from './login-throttle'
import { type PasskeyOrigin, verifyPasskeyAssertion } from './passkeys'
import { type TotpRows, takeTotpStep, totpStep, unsealSecret } from './second-factor-totp'

const RECOVERY_CODE_COUNT = 10
/** 32 letters and digits without 0, 1, I, O: ten of them are 50 bits. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** The guesses of a second factor are counted per account, on the login throttle (five free, then a growing wait). */
const SECOND_FACTOR_SOURCE = 'second_factor'

export type SecondFactorDeps = Pick<AccountServiceDeps, 'db' | 'clock' | 'secondFactorKey' | 'mail' | 'checksChanged'>

/** The customers' authenticator apps (the shared rules: second-factor-totp.ts). */
export const CUSTOMER_TOTP: TotpRows = {
  table: totpFactors,
  owner: totpFactors.customerId,
  lastUsedStep: totpFactors.lastUsedStep,
}

function recoveryKey(key: Buffer): Buffer {
  return createHmac('sha256', key).update('recovery-codes').digest()
}

function hashRecoveryCode(key: Buffer, customerId: string, code: string): string {
  return createHmac('sha256', recoveryKey(key)).update(`${customerId}\u0000${code}`).digest('hex')
}

/** Ten new recovery codes, in place of any earlier set: answered once, as `XXXXX-XXXXX`; only their HMACs stay. */
export async function makeRecoveryCodes(
  { clock, secondFactorKey }: Pick<SecondFactorDeps, 'clock' | 'secondFactorKey'>,
  tx: Database,
  customerId: string,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
  )
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.customerId, customerId))
  await tx.insert(recoveryCodes).values(
    codes.map((code) => ({
      customerId,
      codeHash: hashRecoveryCode(secondFactorKey, customerId, code),
      createdAt: clock.now(),
    })),
  )
  return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`)
}

/** Uses a recovery code, once: a conditional update, so a second use (even at the same moment) finds it used. */
async function useRecoveryCode(deps: SecondFactorDeps, tx: Database, customerId: string, code: string) {
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: deps.clock.now() })
    .where(
      and(
        eq(recoveryCodes.customerId, customerId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(deps.secondFactorKey, customerId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id })
  return used.length === 1
}

export interface Factors {
  totp: { sealedSecret: string } | undefined
  passkeys: number
  recoveryCodesLeft: number
}

/** The customer's second factors that are on: a confirmed authenticator app, passkeys, unused recovery codes. */
export async function factorsOf(db: Database, customerId: string): Promise<Factors> {
  const [totp] = await db
    .select({ sealedSecret: totpFactors.sealedSecret })
    .from(totpFactors)
    .where(and(eq(totpFactors.customerId, customerId), isNotNull(totpFactors.confirmedAt)))
  const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.customerId, customerId))
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.customerId, customerId), isNull(recoveryCodes.usedAt)))
  return { totp, passkeys: Number(keys?.n ?? 0), recoveryCodesLeft: Number(left?.n ?? 0) }
}

export function secondFactorOn(factors: Factors): boolean {
  return factors.totp !== undefined || factors.passkeys > 0
}

export function methodsOf(factors: Factors): ('totp' | 'passkey')[] {
  return [...(factors.totp ? (['totp'] as const) : []), ...(factors.passkeys > 0 ? (['passkey'] as const) : [])]
}

const CODE_FIELD_MESSAGE = 'Type the 6-digit code from your authenticator app, or one of your recovery codes'

/** Which factor a proof is: a passkey, six digits (the app), or a recovery code; any other code is refused here. */
function kindOf(proof: SecondFactorProof): 'passkey' | 'totp' | 'recovery' {
  if ('passkey' in proof) return 'passkey'
  if (TotpCode.safeParse(proof.code).success) return 'totp'
  if (RecoveryCode.safeParse(proof.code).success) return 'recovery'
  throw new AppError('validation_failed', 400, { fields: { secondFactor: CODE_FIELD_MESSAGE } })
}

/** What a second factor proved: the app's code, a recovery code (used up now) or a passkey. */
export type SecondFactorUsed = 'totp' | 'recovery_code' | 'passkey'

/**
 * Checks a second factor of the customer (decision 124), inside the caller's transaction: a guess is taken from the
 * account's second-factor throttle first (five free, then a growing wait), a right answer clears it. A TOTP code is
 * taken once (its step), a recovery code used up, a passkey's challenge answered once. A wrong or replayed answer is
 * recorded and refused with a sentence for the field; nothing else is stored.
 */
export async function verifySecondFactor(
  deps: SecondFactorDeps & Pick<AccountServiceDeps, 'clock'>,
  customer: { id: string; email: string },
  proof: SecondFactorProof,
  context: {
    origin: RequestOrigin
    webOrigin: PasskeyOrigin | undefined
    action: string
    purpose: 'second_factor' | 'reauth'
  },
): Promise<SecondFactorUsed> {
  const { db, clock } = deps
  const factors = await factorsOf(db, customer.id)
  // The format is checked before a guess is counted: a typo of the wrong shape costs nothing.
  const kind = kindOf(proof)
  const allowed = await takeLoginTry(db, customer.email, SECOND_FACTOR_SOURCE, clock.now())
  if (!allowed.ok) throw new AppError('rate_limited', 429, { retryAfterSeconds: allowed.retryAfterSeconds })
  const outcome = await db.transaction(async (tx) => {
    if ('passkey' in proof) {
      if (factors.passkeys === 0) return 'second_factor_invalid' as const
      const verified = await verifyPasskeyAssertion(deps, tx, proof.passkey, {
        purpose: context.purpose,
        customerId: customer.id,
        webOrigin: context.webOrigin,
      })
      return verified.ok ? ('passkey' as const) : verified.error
    }
    if (kind === 'totp') {
      if (!factors.totp) return 'second_factor_invalid' as const
      const secret = unsealSecret(deps.secondFactorKey, factors.totp.sealedSecret)
      const step = totpStep(secret, TotpCode.parse((proof as { code: string }).code), clock.now())
      if (step === undefined) return 'second_factor_invalid' as const
      return (await takeTotpStep(tx, CUSTOMER_TOTP, customer.id, step))
        ? ('totp' as const)
        : ('second_factor_used' as const)
    }
    const code = RecoveryCode.parse((proof as { code: string }).code)
    if (!(await useRecoveryCode(deps, tx, customer.id, code))) return 'second_factor_invalid' as const
    const left = await tx
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.customerId, customer.id), isNull(recoveryCodes.usedAt)))
    await recordEvent(deps, tx, {
      type: 'recovery_code_used',
      email: customer.email,
      customerId: customer.id,
      ip: context.origin.ip,
      detail: { action: context.action, left: Number(left[0]?.n ?? 0) },
    })
    const change = { kind: 'recovery_code_used' as const, left: Number(left[0]?.n ?? 0) }
    await deps.mail.sendSecondFactorChanged(customer.email, change, clock.now(), tx)
    return 'recovery_code' as const
  })
  if (outcome === 'totp' || outcome === 'recovery_code' || outcome === 'passkey') {
    await forgetLoginFailures(db, customer.email, SECOND_FACTOR_SOURCE)
    return outcome
  }
  await recordEvent(deps, db, {
    type: 'second_factor_failed',
    email: customer.email,
    customerId: customer.id,
    ip: context.origin.ip,
    detail: { action: context.action, method: kind, error: outcome },
  })
  throw secondFactorRefusal(outcome)
}

export function secondFactorRefusal(
  error: 'second_factor_invalid' | 'second_factor_used' | 'passkey_invalid' | 'passkey_challenge_invalid',
): AppError {
  const sentences = {
    second_factor_invalid: 'This code is not right: check your authenticator app or your recovery codes',
    second_factor_used: 'This code was just used: wait for the next one in your authenticator app',
    passkey_invalid: 'This passkey was not accepted: try again, or use your authenticator app',
    passkey_challenge_invalid: 'This passkey request has expired: try again',
  }
  return new AppError(error, 200, { fields: { secondFactor: sentences[error] } })
}
