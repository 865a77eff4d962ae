import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { orders } from '../../db/tables/modules/orders'
import type { OrderRow, OrderServiceDeps } from './orders-deps'
import { tellPartnerOfChecks } from './partner-notices'

/** No settlement run holds the order (never held, released, or the hold of a crashed run has lapsed). */
export const settlementLeaseFree = (now: Date) =>
  or(isNull(orders.settlementLeaseUntil), lt(orders.settlementLeaseUntil, now))

/** Holds a paid order for one settlement run (decision 019); undefined when another run holds it or it is not paid. */
export async function claimSettlementLease(
  { db, clock }: Pick<OrderServiceDeps, 'db' | 'clock'>,
  orderId: string,
  leaseSeconds: number,
): Promise<OrderRow | undefined> {
  const now = clock.now()
  const [claimed] = await db
    .update(orders)
    .set({ settlementLeaseUntil: new Date(now.getTime() + leaseSeconds * 1000) })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.status, ['paid', 'awaiting_checks', 'processing']),
        settlementLeaseFree(now),
      ),
    )
    .returning()
  return claimed
}

export async function releaseSettlementLease({ db }: Pick<OrderServiceDeps, 'db'>, orderId: string): Promise<void> {
  await db.update(orders).set({ settlementLeaseUntil: null }).where(eq(orders.id, orderId))
}

/** Marks (or clears, when a refusal sent nothing) that coins were asked to leave for this order's wallet. */
export async function setWithdrawalRequested(tx: Database, orderId: string, at: Date | null): Promise<OrderRow> {
  const [row] = await tx.update(orders).set({ withdrawalRequestedAt: at }).where(eq(orders.id, orderId)).returning()
  return row!
}

/**
 * Records the journey step a held order's payout waits for, as the customer is told of it (null once it moves on), and
 * for `security_hold` until when (decision 126). A partner's waiting order tells its partner which step (decision 115).
 */
export async function setPayoutWaitsFor(
  { clock }: Pick<OrderServiceDeps, 'clock'>,
  tx: Database,
  orderId: string,
  step: string | null,
  heldUntil: Date | null = null,
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ payoutWaitsFor: step, payoutHeldUntil: heldUntil })
    .where(eq(orders.id, orderId))
    .returning()
  if (step !== null) await tellPartnerOfChecks(tx, row!, clock.now())
  return row!
}
