import { eq } from 'drizzle-orm'
import { customers } from '../../db/tables/modules/customers'
import type { RequestOrigin, SessionContext } from '../sessions/sessions.service'
import type { AccountServiceDeps } from './account-deps'
import { recordEvent } from './account-records'
import { hashPassword } from './passwords'
import { type Reauthentication, reauthenticate } from './reauthentication'

/**
 * A new password from the account page (decision 121): the current one proved, the new one stored, every other session
 * of the customer signed out (at once on every process: the change feed announces each revoked session) and the
 * customer told by e-mail, all in one transaction. The session used keeps working; trusted devices stay trusted, since
 * a new login still needs the new password.
 */
export async function changePassword(
  deps: AccountServiceDeps,
  session: SessionContext,
  input: Reauthentication & { newPassword: string },
  origin: RequestOrigin,
): Promise<{ endedSessions: number }> {
  const { db, clock, sessions, mail } = deps
  const customer = await reauthenticate(deps, session, input, origin, 'change_password')
  const passwordHash = await hashPassword(input.newPassword)
  const changedAt = clock.now()
  return db.transaction(async (tx) => {
    await tx.update(customers).set({ passwordHash, passwordChangedAt: changedAt }).where(eq(customers.id, customer.id))
    const endedSessions = await sessions.revokeOtherSessions(customer.id, session.sessionId, 'password_changed', tx)
    await recordEvent(deps, tx, {
      type: 'password_changed',
      email: customer.email,
      customerId: customer.id,
      ip: origin.ip,
      detail: { endedSessions },
    })
    await mail.sendPasswordChanged(customer.email, changedAt, tx, 'others')
    return { endedSessions }
  })
}
