import { eq } from 'drizzle-orm'
import { customers } from '../../db/tables/modules/customers'
import { AppError } from '../../errors'
import type { RequestOrigin, SessionContext } from '../sessions/sessions.service'
import type { AccountServiceDeps } from './account-deps'
import { recordEvent } from './account-records'

async function emailOf({ db }: Pick<AccountServiceDeps, 'db'>, customerId: string): Promise<string> {
  const [customer] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId))
  if (!customer) throw new AppError('unauthorized', 401)
  return customer.email
}

/**
 * "Sign out" on one session of the account's list (decision 121): it answers 401 at once on every process. Another
 * customer's session, or one already ended, answers `session_not_found` and ends nothing. The customer is mailed.
 */
export async function endSession(
  deps: AccountServiceDeps,
  session: SessionContext,
  sessionId: string,
  origin: RequestOrigin,
): Promise<void> {
  const { db, clock, sessions, mail } = deps
  const listed = await sessions.listSessions(session.customerId, session.sessionId, async () => undefined)
  const ending = listed.find((one) => one.id === sessionId)
  if (!ending || !(await sessions.revokeOwnSession(session.customerId, sessionId, 'signed_out_from_account')))
    throw new AppError('session_not_found')
  const email = await emailOf(deps, session.customerId)
  await recordEvent(deps, db, {
    type: 'session_ended',
    email,
    customerId: session.customerId,
    ip: origin.ip,
    detail: { sessionId, current: ending.current },
  })
  await mail.sendSessionsEnded(email, clock.now(), { kind: 'one', device: ending.device })
}

/** "Sign out everywhere else": every session but this one; mailed when any was ended. */
export async function endOtherSessions(
  deps: AccountServiceDeps,
  session: SessionContext,
  origin: RequestOrigin,
): Promise<{ endedSessions: number }> {
  const { db, clock, sessions, mail } = deps
  const endedSessions = await sessions.revokeOtherSessions(
    session.customerId,
    session.sessionId,
    'signed_out_elsewhere',
  )
  if (endedSessions > 0) {
    const email = await emailOf(deps, session.customerId)
    await recordEvent(deps, db, {
      type: 'other_sessions_ended',
      email,
      customerId: session.customerId,
      ip: origin.ip,
      detail: { endedSessions },
    })
    await mail.sendSessionsEnded(email, clock.now(), { kind: 'others', count: endedSessions })
  }
  return { endedSessions }
}
