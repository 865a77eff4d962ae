import type { Database } from '../../db/client'
import { operatorActions } from '../../db/tables/modules/operator'
import type { OperatorServiceDeps } from './operator-deps'

/** Logs one operator action with who, when and what it touched; inside the action's transaction when one is given. */
export async function logAction(
  { db, clock }: Pick<OperatorServiceDeps, 'db' | 'clock'>,
  operator: string,
  action: string,
  target: { orderId?: string | null; transferId?: string | null },
  detail: Record<string, unknown>,
  executor: Database = db,
): Promise<void> {
  await executor.insert(operatorActions).values({
    operator,
    action,
    orderId: target.orderId ?? null,
    transferId: target.transferId ?? null,
    detail,
    createdAt: clock.now(),
  })
}
