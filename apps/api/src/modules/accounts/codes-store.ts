import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { CODE_DAILY_TRY_BUDGET, CODE_MAX_ATTEMPTS } from '@exchange/shared/constants'
import type { Database } from '../../db/client'
import { type CodePurpose, verificationCodes } from '../../db/tables/modules/accounts'
import { AppError } from '../../errors'
import type { RequestOrigin } from '../sessions/sessions.service'
import type { AccountServiceDeps } from './account-deps'
import { queueIssueCode, requesterOf } from './account-records'
import { type CodeRequester, claimPauseNotice, giveBackCodeTry, takeCodeTry } from './code-budgets'
import { codeExpiry, codeMatches, generateCode, hashCode, isCodeExhausted, isCodeExpired } from './codes'

export type CodeCheck =
  | { ok: true; codeId: string; purpose: CodePurpose }
  | {
      ok: false
      error: 'code_invalid' | 'code_expired' | 'code_attempts_exceeded' | 'codes_paused'
      retryAfterSeconds?: number
    }

export async function latestActiveCode(tx: Database, email: string, purposes: readonly CodePurpose[]) {
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
export async function issueCode(
  { clock, codeKey }: Pick<AccountServiceDeps, 'clock' | 'codeKey'>,
  tx: Database,
  email: string,
  purpose: CodePurpose,
  by: CodeRequester,
): Promise<string> {
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
export async function sendCode(
  { mail }: Pick<AccountServiceDeps, 'mail'>,
  tx: Database,
  email: string,
  purpose: CodePurpose,
  code: string,
) {
  if (purpose === 'reset') await mail.sendResetCode(email, code, tx)
  else if (purpose === 'email_change') await mail.sendEmailChangeCode(email, code, tx)
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
export async function checkCode(
  deps: Pick<AccountServiceDeps, 'clock' | 'codeKey' | 'queue'>,
  tx: Database,
  email: string,
  purposes: readonly CodePurpose[],
  code: string,
  origin: RequestOrigin,
): Promise<CodeCheck> {
  const now = deps.clock.now()
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
      await queueIssueCode(deps, { kind: 'codes_paused', email, ip: origin.ip }, tx)
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
  if (!codeMatches(deps.codeKey, email, active.purpose, code, active.codeHash))
    return failed(isCodeExhausted(counted) ? 'code_attempts_exceeded' : 'code_invalid')
  await tx
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} - 1` })
    .where(eq(verificationCodes.id, active.id))
  await giveBackCodeTry(tx, email, budget.taken)
  return { ok: true, codeId: active.id, purpose: active.purpose }
}

export function refuseCode(check: Extract<CodeCheck, { ok: false }>): AppError {
  if (check.error === 'codes_paused')
    return new AppError('codes_paused', 429, { retryAfterSeconds: check.retryAfterSeconds })
  return new AppError(check.error)
}

/** Marks a checked code used; a concurrent use of the same code finds it gone. */
export async function consumeCode(
  { clock }: Pick<AccountServiceDeps, 'clock'>,
  tx: Database,
  codeId: string,
): Promise<boolean> {
  const used = await tx
    .update(verificationCodes)
    .set({ consumedAt: clock.now() })
    .where(
      and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt), isNull(verificationCodes.replacedAt)),
    )
    .returning({ id: verificationCodes.id })
  return used.length === 1
}
