import { eq } from 'drizzle-orm'
import { CODE_RESEND_COOLDOWN_SECONDS } from '@exchange/shared/constants'
import { trustedDevices } from '../../db/tables/modules/accounts'
import { customers } from '../../db/tables/modules/customers'
import { AppError } from '../../errors'
import type { RequestOrigin } from '../sessions/sessions.service'
import type { AccountServiceDeps } from './account-deps'
import { codeAsker, findCustomer, queueIssueCode, recordEvent } from './account-records'
import { takeCodeRequest } from './code-budgets'
import { checkCode, consumeCode, latestActiveCode, refuseCode } from './codes-store'
import { hashPassword } from './passwords'

/**
 * Answers from the e-mail's reset budget alone, kept whether or not the account exists, and queues the job for
 * any e-mail (issue-code-job.ts), so a known and an unknown e-mail answer alike, after the same work.
 */
export async function startPasswordReset(
  deps: AccountServiceDeps,
  email: string,
  origin: RequestOrigin,
  deviceToken: string | undefined,
): Promise<{ retryAfterSeconds: number }> {
  const { db, clock } = deps
  const pending = await latestActiveCode(db, email, ['reset'])
  const { requester, owner } = await codeAsker(deps, email, pending, origin, deviceToken)
  const taken = await db.transaction(async (tx) => {
    const taken = await takeCodeRequest(tx, email, 'reset', clock.now(), requester)
    if (taken.ok) await queueIssueCode(deps, { kind: 'reset', email, ip: origin.ip, ...owner }, tx)
    return taken
  })
  if (!taken.ok) throw new AppError(taken.refusal.error, 429, { retryAfterSeconds: taken.refusal.retryAfterSeconds })
  return { retryAfterSeconds: CODE_RESEND_COOLDOWN_SECONDS }
}

/** Checks a reset code without using it up; wrong tries still count against it. */
export async function checkResetCode(
  deps: AccountServiceDeps,
  input: { email: string; code: string },
  origin: RequestOrigin,
): Promise<void> {
  const check = await deps.db.transaction((tx) => checkCode(deps, tx, input.email, ['reset'], input.code, origin))
  if (!check.ok) throw refuseCode(check)
}

/** A new password signs out every session and forgets every trusted device: the next login asks for a code. */
export async function completePasswordReset(
  deps: AccountServiceDeps,
  input: { email: string; code: string; password: string },
  origin: RequestOrigin,
): Promise<void> {
  const { db, clock, sessions, mail } = deps
  const passwordHash = await hashPassword(input.password)
  const changedAt = clock.now()
  const outcome = await db.transaction(async (tx) => {
    const check = await checkCode(deps, tx, input.email, ['reset'], input.code, origin)
    if (!check.ok) return check
    const customer = await findCustomer(tx, input.email)
    if (!customer || !(await consumeCode(deps, tx, check.codeId)))
      return { ok: false as const, error: 'code_invalid' as const }
    if (customer.closedAt) return { ok: false as const, error: 'account_closed' as const }
    await tx
      .update(customers)
      .set({ passwordHash, passwordChangedAt: changedAt, emailVerifiedAt: customer.emailVerifiedAt ?? changedAt })
      .where(eq(customers.id, customer.id))
    await sessions.revokeAllSessions(customer.id, 'password_reset', tx)
    await tx.delete(trustedDevices).where(eq(trustedDevices.customerId, customer.id))
    await recordEvent(deps, tx, {
      type: 'password_reset_completed',
      email: customer.email,
      customerId: customer.id,
      ip: origin.ip,
    })
    await mail.sendPasswordChanged(customer.email, changedAt, tx)
    return { ok: true as const }
  })
  if (!outcome.ok) throw outcome.error === 'account_closed' ? new AppError('account_closed') : refuseCode(outcome)
}
