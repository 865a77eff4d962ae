import { randomBytes } from 'node:crypto'
import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import { emailChanges, trustedDevices } from '../../db/tables/modules/accounts'
import { customers } from '../../db/tables/modules/customers'
import { AppError } from '../../errors'
import type { RequestOrigin, SessionContext } from '../sessions/sessions.service'
import type { AccountServiceDeps } from './account-deps'
import { findCustomer, recordEvent, requesterOf, sha256 } from './account-records'
import { takeCodeRequest } from './code-budgets'
import { checkCode, consumeCode, issueCode, refuseCode, sendCode } from './codes-store'
import { codeExpiry } from './codes'
import { type Reauthentication, reauthenticate } from './reauthentication'

/** How long the old address can undo an e-mail change (decision 121). */
const EMAIL_UNDO_HOURS = 72

/** The customer's confirmed e-mail change whose undo link still works, if any. */
export async function undoableEmailChange(db: Database, customerId: string, now: Date) {
  const [change] = await db
    .select({ id: emailChanges.id, undoUntil: emailChanges.undoUntil })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.customerId, customerId),
        isNotNull(emailChanges.confirmedAt),
        isNull(emailChanges.undoneAt),
        gt(emailChanges.undoUntil, now),
      ),
    )
    .limit(1)
  return change
}

/**
 * Asks for a new e-mail address (decision 121): the current password proved, then a 5-digit code sent to the new
 * address from the code machinery and its budgets. While an earlier change can still be undone from its old address,
 * no new one starts: the person the undo protects against cannot move the account on before the owner could act. An
 * address that belongs to another account gets no code, and the answer is the same: it tells nobody whose it is.
 */
export async function startEmailChange(
  deps: AccountServiceDeps,
  session: SessionContext,
  input: Reauthentication & { newEmail: string },
  origin: RequestOrigin,
): Promise<{ retryAfterSeconds: number }> {
  const { db, clock } = deps
  const customer = await reauthenticate(deps, session, input, origin, 'change_email')
  if (input.newEmail === customer.email) throw new AppError('email_unchanged')
  const now = clock.now()
  if (await undoableEmailChange(db, customer.id, now)) throw new AppError('email_change_undoable')
  const taken = await db.transaction(async (tx) => {
    const requester = { key: requesterOf(origin), owner: true }
    const budget = await takeCodeRequest(tx, input.newEmail, 'email_change', now, requester)
    if (!budget.ok) return budget
    await tx.insert(emailChanges).values({
      customerId: customer.id,
      oldEmail: customer.email,
      newEmail: input.newEmail,
      requestedAt: now,
    })
    if (!(await findCustomer(tx, input.newEmail)))
      await sendCode(
        deps,
        tx,
        input.newEmail,
        'email_change',
        await issueCode(deps, tx, input.newEmail, 'email_change', requester),
      )
    await recordEvent(deps, tx, {
      type: 'email_change_requested',
      email: customer.email,
      customerId: customer.id,
      ip: origin.ip,
    })
    return budget
  })
  if (!taken.ok) throw new AppError(taken.refusal.error, 429, { retryAfterSeconds: taken.refusal.retryAfterSeconds })
  return { retryAfterSeconds: 30 }
}

/** The customer's latest e-mail change still waiting for its code, within the code's lifetime. */
async function pendingChange(db: Database, customerId: string, now: Date) {
  const [change] = await db
    .select()
    .from(emailChanges)
    .where(
      and(eq(emailChanges.customerId, customerId), isNull(emailChanges.confirmedAt), isNull(emailChanges.undoneAt)),
    )
    .orderBy(desc(emailChanges.requestedAt))
    .limit(1)
  return change && codeExpiry(change.requestedAt) > now ? change : undefined
}

/**
 * The code from the new address: the e-mail changes, and the old address is sent a notice with a link that undoes the
 * change for EMAIL_UNDO_HOURS, once; the link's token is random and kept only as its SHA-256.
 */
export async function confirmEmailChange(
  deps: AccountServiceDeps,
  session: SessionContext,
  code: string,
  origin: RequestOrigin,
): Promise<{ email: string }> {
  const { db, clock, mail, publicUrl } = deps
  const now = clock.now()
  const change = await pendingChange(db, session.customerId, now)
  if (!change) throw new AppError('email_change_not_pending')
  const undoToken = randomBytes(32).toString('base64url')
  const undoUntil = new Date(now.getTime() + EMAIL_UNDO_HOURS * 3_600_000)
  let outcome
  try {
    outcome = await db.transaction(async (tx) => {
      const check = await checkCode(deps, tx, change.newEmail, ['email_change'], code, origin)
      if (!check.ok) return check
      if (!(await consumeCode(deps, tx, check.codeId))) return { ok: false as const, error: 'code_invalid' as const }
      const moved = await tx
        .update(customers)
        .set({ email: change.newEmail })
        .where(
          and(eq(customers.id, session.customerId), eq(customers.email, change.oldEmail), isNull(customers.closedAt)),
        )
        .returning({ id: customers.id })
      if (moved.length !== 1) return { ok: false as const, error: 'code_invalid' as const }
      await tx
        .update(emailChanges)
        .set({ confirmedAt: now, undoTokenHash: sha256(undoToken), undoUntil })
        .where(eq(emailChanges.id, change.id))
      await recordEvent(deps, tx, {
        type: 'email_changed',
        email: change.newEmail,
        customerId: session.customerId,
        ip: origin.ip,
        detail: { from: change.oldEmail },
      })
      const undoUrl = `${publicUrl}${WEB_PATHS.undoEmail}?token=${undoToken}`
      await mail.sendEmailChanged(
        change.oldEmail,
        { newEmail: change.newEmail, changedAt: now, undoUrl, undoUntil },
        tx,
      )
      await mail.sendEmailNowInUse(change.newEmail, now, tx)
      return { ok: true as const }
    })
  } catch (error) {
    // The address was taken by a sign-up since the code was sent: nothing changed.
    if (isUniqueViolation(error)) throw new AppError('code_invalid')
    throw error
  }
  if (!outcome.ok) throw refuseCode(outcome)
  return { email: change.newEmail }
}

/**
 * The old address's link: within EMAIL_UNDO_HOURS and once, the account gets the old address back, every session ends
 * (on every process) and every trusted device is forgotten, so whoever changed it needs a code from the old mailbox
 * to sign in again. Works whatever was done since in the account (a new password, sessions ended): nothing the person
 * it protects against can do there voids it.
 */
export async function undoEmailChange(
  deps: AccountServiceDeps,
  token: string,
  origin: RequestOrigin,
): Promise<{ email: string }> {
  const { db, clock, sessions, mail } = deps
  const now = clock.now()
  const [change] = await db
    .select()
    .from(emailChanges)
    .where(eq(emailChanges.undoTokenHash, sha256(token)))
  if (!change?.undoUntil || change.undoneAt) throw new AppError('undo_link_invalid')
  if (change.undoUntil <= now) throw new AppError('undo_link_expired')
  try {
    return await db.transaction(async (tx) => {
      const claimed = await tx
        .update(emailChanges)
        .set({ undoneAt: now })
        .where(and(eq(emailChanges.id, change.id), isNull(emailChanges.undoneAt)))
        .returning({ id: emailChanges.id })
      if (claimed.length !== 1) throw new AppError('undo_link_invalid')
      await tx.update(customers).set({ email: change.oldEmail }).where(eq(customers.id, change.customerId))
      await sessions.revokeAllSessions(change.customerId, 'email_change_undone', tx)
      await tx.delete(trustedDevices).where(eq(trustedDevices.customerId, change.customerId))
      await recordEvent(deps, tx, {
        type: 'email_change_undone',
        email: change.oldEmail,
        customerId: change.customerId,
        ip: origin.ip,
        detail: { from: change.newEmail },
      })
      await mail.sendEmailChangeUndone(change.oldEmail, now, tx)
      await mail.sendEmailChangeUndoneToNew(change.newEmail, now, tx)
      return { email: change.oldEmail }
    })
  } catch (error) {
    // Another account took the old address meanwhile: nothing changed, and support can sort it out.
    if (isUniqueViolation(error)) throw new AppError('undo_address_taken')
    throw error
  }
}
