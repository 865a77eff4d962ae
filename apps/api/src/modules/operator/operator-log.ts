import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { operatorAccounts, operatorActions } from '../../db/tables/modules/operator'
import type { OperatorServiceDeps } from './operator-deps'

/**
 * Logs one operator action with who, when and what it touched; inside the action's transaction when one is given.
 * The operator is their login name (unique, never changed) or their account; the row keeps both the name and the
 * account's id (decision 127), the id found from the name in the same statement.
 */
export async function logAction(
  { db, clock }: Pick<OperatorServiceDeps, 'db' | 'clock'>,
  operator: string | { id: string | null; name: string },
  action: string,
  target: { orderId?: string | null; transferId?: string | null },
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
    detail,
    createdAt: clock.now(),
  })
}
