import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { operatorAccounts, operatorActions } from '../../db/tables/modules/operator'
import { orders } from '../../db/tables/modules/orders'
import type { OperatorServiceDeps } from './operator-deps'

/** What an action touched (the order, the held transfer, the customer it concerns) and why (decision 133). */
export interface ActionTarget {
  orderId?: string | null
  transferId?: string | null
  customerId?: string | null
  /** The reason the operator gave, as they wrote it. */
  reason?: string | null
}

/**
 * Logs one operator action with who, when, what it touched and why; inside the action's transaction when one is given.
 * The operator is their login name (unique, never changed) or their account; the row keeps both the name and the
 * account's id (decision 127), the id found from the name in the same statement. The customer is the action's own or,
 * for an order's action, the order's customer, found in the same statement (decision 133). The reason has its own
 * column; `detail` keeps what each action always wrote (the reason too, where it did).
 */
export async function logAction(
  { db, clock }: Pick<OperatorServiceDeps, 'db' | 'clock'>,
  operator: string | { id: string | null; name: string },
  action: string,
  target: ActionTarget,
  detail: Record<string, unknown>,
  executor: Database = db,
): Promise<void> {
  const name = typeof operator === 'string' ? operator : operator.name
  const operatorId =
    typeof operator === 'string'
      ? sql`(${executor.select({ id: operatorAccounts.id }).from(operatorAccounts).where(eq(operatorAccounts.loginName, operator))})`
      : operator.id
  await executor.insert(operatorActions).values({
    operator: name,
    operatorId,
    action,
    orderId: target.orderId ?? null,
    transferId: target.transferId ?? null,
    customerId: target.customerId ?? (target.orderId ? customerOfOrder(executor, target.orderId) : null),
    reason: target.reason ?? null,
    detail,
    createdAt: clock.now(),
  })
}

/** The order's customer, as a sub-select of the log's insert. */
const customerOfOrder = (executor: Database, orderId: string) =>
  sql`(${executor.select({ id: orders.customerId }).from(orders).where(eq(orders.id, orderId))})`
