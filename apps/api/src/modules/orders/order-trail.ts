import { and, eq } from 'drizzle-orm'
import { type OrderStatus, isTransitionAllowed } from '@exchange/shared/order-rules'
import type { Database } from '../../db/client'
import { orderEvents, orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import { OrderTrailEntry, operatorWords } from '@exchange/shared/order-trail'
import type { Actor, OrderRow, OrderServiceDeps } from './orders-deps'
import { tellPartnerOfStatus } from './partner-notices'

// The order's trail: every line of order_events is written by a function of this file, as a typed entry (its kind and
// facts) with the operator's words for it (decision 109).

/** The columns an entry fills: its kind, its facts, and the operator's words. */
function entryColumns(entry: OrderTrailEntry) {
  const { kind, ...details } = entry
  return { kind, details, cause: operatorWords(entry) }
}

/**
 * The one function that writes an order's status: checks the transition table, changes the row only if it
 * still has the status read (so two writers cannot both move it), and records the event. A partner's order also
 * queues the partner's notice of it, in the same transaction (decision 115).
 */
export async function applyTransition(
  { clock }: Pick<OrderServiceDeps, 'clock'>,
  tx: Database,
  order: OrderRow,
  to: OrderStatus,
  entry: OrderTrailEntry,
  actor: Actor,
): Promise<OrderRow> {
  const from = order.status
  if (!isTransitionAllowed(from, to)) throw new AppError('transition_not_allowed')
  const now = clock.now()
  const [updated] = await tx
    .update(orders)
    .set({ status: to, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, from)))
    .returning()
  if (!updated) throw new AppError('transition_not_allowed')
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, fromStatus: from, toStatus: to, ...entryColumns(entry), actor, createdAt: now })
  await tellPartnerOfStatus(tx, updated, from, entry, now)
  return updated
}

/** A timeline entry that changes no status, e.g. "the customer says the transfer is sent". */
export async function recordOrderNote(
  { clock }: Pick<OrderServiceDeps, 'clock'>,
  tx: Database,
  order: OrderRow,
  entry: OrderTrailEntry,
  actor: Actor,
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    ...entryColumns(entry),
    actor,
    createdAt: clock.now(),
  })
}

/** The first line of a new order's trail: the customer created it, at the time the order was made. */
export async function recordOrderCreated(tx: Database, order: OrderRow, at: Date): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: null,
    toStatus: 'initiated',
    ...entryColumns({ kind: 'order_created' }),
    actor: 'customer',
    createdAt: at,
  })
}

/** An entry as stored, read back; null for one written before entries were typed, or one this version cannot read. */
export function trailEntryOf(row: {
  kind: string | null
  details: Record<string, unknown> | null
}): OrderTrailEntry | null {
  if (!row.kind) return null
  const read = OrderTrailEntry.safeParse({ ...row.details, kind: row.kind })
  return read.success ? read.data : null
}
