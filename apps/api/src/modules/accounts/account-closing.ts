import { and, asc, eq, inArray } from 'drizzle-orm'
import type { BlockingOrder } from '@exchange/shared/account-security.schemas'
import type { OrderStatus } from '@exchange/shared/order-rules'
import { trustedDevices } from '../../db/tables/modules/accounts'
import { customers } from '../../db/tables/modules/customers'
import { orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import type { RequestOrigin, SessionContext } from '../sessions/sessions.service'
import type { AccountServiceDeps } from './account-deps'
import { recordEvent } from './account-records'
import { undoableEmailChange } from './email-change'
import { type Reauthentication, reauthenticate } from './reauthentication'

/**
 * The orders that keep an account open, and why (decision 121): money is on its way or held, or an order still waits
 * for a payment that may arrive. Completed, cancelled, expired, failed and refunded orders do not block: their records
 * are kept, and a refund owed is still paid to where the money came from.
 */
const BLOCKING_STATUSES = [
  'initiated',
  'awaiting_payment',
  'payment_review',
  'paid',
  'awaiting_checks',
  'processing',
] as const satisfies readonly OrderStatus[]
const BLOCKING: Record<(typeof BLOCKING_STATUSES)[number], string> = {
  initiated: 'It is waiting for your payment: pay it, or cancel it, or let its price run out.',
  awaiting_payment: 'Your payment is on its way to us: wait until it arrives and the order completes.',
  payment_review: 'We are checking your payment: wait for the outcome.',
  paid: 'It is paid and the purchase is being made: wait until it completes.',
  awaiting_checks: 'It is paid and waits for your checks: finish them, or wait for the refund.',
  processing: 'The coins are being bought and sent: wait until it completes.',
}

const reasonOf: Partial<Record<OrderStatus, string>> = BLOCKING

/**
 * Closes the account (decision 121): the current password proved, refused while an order is in progress (each named,
 * with why) or while an e-mail change can still be undone from its old address. Nothing is deleted, as the law keeps
 * the records: the customer is marked closed, every session ends on every process, trusted devices are forgotten, a
 * login answers `account_closed`, and the customer is mailed.
 */
export async function closeAccount(
  deps: AccountServiceDeps,
  session: SessionContext,
  input: Reauthentication,
  origin: RequestOrigin,
): Promise<{ closed: true } | { closed: false; orders: BlockingOrder[] }> {
  const { db, clock, sessions, mail } = deps
  const customer = await reauthenticate(deps, session, input, origin, 'close_account')
  const now = clock.now()
  if (await undoableEmailChange(db, customer.id, now)) throw new AppError('email_change_undoable')
  return db.transaction(async (tx) => {
    // Two closings of one account (two tabs) take turns on the customer's row.
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customer.id)).for('update')
    const open = await tx
      .select({ reference: orders.reference, status: orders.status })
      .from(orders)
      .where(and(eq(orders.customerId, customer.id), inArray(orders.status, [...BLOCKING_STATUSES])))
      .orderBy(asc(orders.createdAt))
    if (open.length > 0)
      return {
        closed: false as const,
        orders: open.map((order) => ({ ...order, reason: reasonOf[order.status] ?? '' })),
      }
    await tx.update(customers).set({ closedAt: now }).where(eq(customers.id, customer.id))
    await sessions.revokeAllSessions(customer.id, 'account_closed', tx)
    await tx.delete(trustedDevices).where(eq(trustedDevices.customerId, customer.id))
    await recordEvent(deps, tx, {
      type: 'account_closed',
      email: customer.email,
      customerId: customer.id,
      ip: origin.ip,
    })
    await mail.sendAccountClosed(customer.email, now, tx)
    return { closed: true as const }
  })
}
