import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import type { OrderRow } from './orders-deps'

/** The customer's own order by its reference; someone else's answers `order_not_found`, like an unknown one. */
export async function findOwnOrder(tx: Database, customerId: string, reference: string): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.reference, reference), eq(orders.customerId, customerId)))
  // Someone else's reference answers exactly like an unknown one.
  if (!order) throw new AppError('order_not_found')
  return order
}

/** The order as it is now, its row held until the transaction ends: a decision on money reads it this way. */
export async function lockOrder(tx: Database, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
  return order
}
