import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { compareAmounts } from '@exchange/shared/money'
import type { Database } from '../../db/client'
import { countInAll } from '../../db/queue-size'
import {
  type FourEyesAction,
  type OperatorRole,
  fourEyesRequests,
  operatorAccounts,
} from '../../db/tables/modules/operator'
import { incomingTransfers } from '../../db/tables/modules/intake'
import { orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import type { OperatorServiceDeps } from './operator-deps'
import { logAction } from './operator-log'
import { type OperatorAction, mayDo } from './operator-roles'

type FourEyesRequest = typeof fourEyesRequests.$inferSelect

/** The operator acting: their account, name and roles. */
export interface ActingOperator {
  id: string
  name: string
  roles: readonly OperatorRole[]
}

type FourEyesDeps = Pick<OperatorServiceDeps, 'db' | 'clock' | 'moneyIn' | 'dueDiligence' | 'fourEyes'>

/**
 * Who may approve or decline a request: the roles of the action the request stands for, read from the one table
 * (decision 128). Asking needs the same roles, checked by the action's own route.
 */
const ROUTE_OF: Record<FourEyesAction, OperatorAction> = {
  approve_transfer: 'POST /operator/actions/approve-transfer',
  refund_transfer: 'POST /operator/actions/refund-transfer',
  refund_order: 'POST /operator/actions/refund-order',
  clear_enhanced_checks: 'POST /operator/actions/approve-enhanced-checks',
}

/** What the operator pages call each kind of request. */
export const FOUR_EYES_LABELS: Record<FourEyesAction, string> = {
  approve_transfer: 'Release a held payment into its order',
  refund_transfer: 'Refund a held payment',
  refund_order: 'Refund a paid order',
  clear_enhanced_checks: 'Clear enhanced checks',
}

/** Whether a refund of this amount needs a second operator: above `FOUR_EYES_REFUND_ABOVE`, in its own currency. */
export function refundNeedsSecondOperator(deps: Pick<FourEyesDeps, 'fourEyes'>, amount: string): boolean {
  return compareAmounts(amount, deps.fourEyes.refundAbove) > 0
}

/**
 * One operator asks for an action that needs a second one, with a reason. One request waits per action and target
 * (the partial unique index); a second ask while it waits is refused `four_eyes_pending`. Answers the request's id.
 */
export async function requestFourEyes(
  deps: FourEyesDeps,
  operator: ActingOperator,
  request: { action: FourEyesAction; target: string; detail?: Record<string, string>; reason: string },
  logTarget: { orderId?: string | null; transferId?: string | null } = {},
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(fourEyesRequests)
      .values({
        action: request.action,
        target: request.target,
        detail: request.detail ?? {},
        requestedBy: operator.id,
        requestedAt: deps.clock.now(),
        reason: request.reason,
      })
      .onConflictDoNothing()
      .returning({ id: fourEyesRequests.id })
    if (!made) throw new AppError('four_eyes_pending', 409)
    await logAction(
      deps,
      operator,
      'four_eyes_requested',
      { ...logTarget, ...customerOf(request), reason: request.reason },
      { requestId: made.id, action: request.action, target: request.target, reason: request.reason },
      tx,
    )
    return made.id
  })
}

/**
 * Why a request cannot be decided by this operator, read in the decision's transaction after the conditional UPDATE
 * found nothing to move (a new statement sees what the other decision committed).
 */
async function refusalOf(tx: Database, requestId: string, operator: ActingOperator): Promise<AppError> {
  const [row] = await tx.select().from(fourEyesRequests).where(eq(fourEyesRequests.id, requestId))
  if (!row) return new AppError('not_found', 404)
  if (row.status !== 'requested') return new AppError('four_eyes_decided', 409)
  if (row.requestedBy === operator.id) return new AppError('four_eyes_own_request', 403)
  return new AppError('four_eyes_decided', 409)
}

/** The request, for the role check before anything is written; not_found when there is none. */
async function requestOf(db: Database, requestId: string) {
  const [row] = await db.select().from(fourEyesRequests).where(eq(fourEyesRequests.id, requestId))
  if (!row) throw new AppError('not_found', 404)
  return row
}

/**
 * Refuses `forbidden` an operator none of whose roles decides this request's kind (the route checks it before it
 * reads the body); not_found when there is no such request.
 */
export async function checkFourEyesRole(deps: Pick<FourEyesDeps, 'db'>, operator: ActingOperator, requestId: string) {
  const found = await requestOf(deps.db, requestId)
  if (!mayDo(operator.roles, ROUTE_OF[found.action])) throw new AppError('forbidden', 403)
  return found
}

/**
 * Moves a waiting request to its decision in one conditional UPDATE: only from `requested`, only by an operator
 * other than the requester. Of two decisions at once, one moves it and the other finds nothing (then is told why).
 */
async function decide(
  tx: Database,
  deps: FourEyesDeps,
  operator: ActingOperator,
  requestId: string,
  status: 'approved' | 'declined',
  reason: string,
) {
  const [moved] = await tx
    .update(fourEyesRequests)
    .set({ status, decidedBy: operator.id, decidedAt: deps.clock.now(), decisionReason: reason })
    .where(
      and(
        eq(fourEyesRequests.id, requestId),
        eq(fourEyesRequests.status, 'requested'),
        ne(fourEyesRequests.requestedBy, operator.id),
      ),
    )
    .returning()
  if (!moved) throw await refusalOf(tx, requestId, operator)
  return moved
}

/** What an action reads before the approval's transaction: the price a released payment buys at. */
async function prepare(deps: FourEyesDeps, request: FourEyesRequest) {
  return request.action === 'approve_transfer' ? deps.moneyIn.priceHeldTransfer(request.target) : null
}

/**
 * The action a request stands for, run inside the approval's transaction (every statement on `tx`); answers what to
 * run after it committed.
 */
async function runAction(
  deps: FourEyesDeps,
  tx: Database,
  operator: ActingOperator,
  request: FourEyesRequest,
  prepared: Awaited<ReturnType<typeof prepare>>,
): Promise<() => Promise<unknown>> {
  const nothing = async () => undefined
  switch (request.action) {
    case 'approve_transfer': {
      const approved = await deps.moneyIn.approveHeldTransferIn(tx, request.target, operator.name, prepared)
      return approved.afterCommit
    }
    case 'refund_transfer':
      await deps.moneyIn.refundTransfer(request.target, request.reason, operator.name, tx)
      return nothing
    case 'refund_order':
      await deps.moneyIn.refundPaidOrderIn(tx, request.target, request.reason, operator.name)
      return nothing
    case 'clear_enhanced_checks':
      await deps.dueDiligence.approveEnhancedChecks(request.target, operator.name, request.reason, tx)
      return nothing
  }
}

/**
 * A second operator of the action's role approves: the request is marked approved and its action runs in the same
 * transaction, so the action happens once however many approvals arrive at once, and not at all when it fails (the
 * request then still waits). The requester cannot approve their own request.
 */
export async function approveFourEyes(
  deps: FourEyesDeps,
  operator: ActingOperator,
  requestId: string,
  reason: string,
): Promise<{ action: FourEyesAction }> {
  const found = await checkFourEyesRole(deps, operator, requestId)
  const prepared = found.status === 'requested' ? await prepare(deps, found) : null
  const { request, afterCommit } = await deps.db.transaction(async (tx) => {
    const moved = await decide(tx, deps, operator, requestId, 'approved', reason)
    const after = await runAction(deps, tx, operator, moved, prepared)
    await logAction(
      deps,
      operator,
      'four_eyes_approved',
      { ...(await logTargetOf(tx, moved)), reason },
      { requestId, action: moved.action, target: moved.target, requestedBy: moved.requestedBy, reason },
      tx,
    )
    return { request: moved, afterCommit: after }
  })
  await afterCommit()
  return { action: request.action }
}

/** A second operator of the action's role declines: nothing of the action happens, the request is closed. */
export async function declineFourEyes(
  deps: FourEyesDeps,
  operator: ActingOperator,
  requestId: string,
  reason: string,
): Promise<void> {
  await checkFourEyesRole(deps, operator, requestId)
  await deps.db.transaction(async (tx) => {
    const moved = await decide(tx, deps, operator, requestId, 'declined', reason)
    await logAction(
      deps,
      operator,
      'four_eyes_declined',
      { ...(await logTargetOf(tx, moved)), reason },
      { requestId, action: moved.action, target: moved.target, requestedBy: moved.requestedBy, reason },
      tx,
    )
  })
}

/** The customer a request names itself: enhanced checks are cleared for a customer (the others name an order). */
const customerOf = (request: { action: FourEyesAction; target: string }) =>
  request.action === 'clear_enhanced_checks' ? { customerId: request.target } : {}

/** The transfer, order and customer a request's log rows name, read in the decision's transaction. */
async function logTargetOf(tx: Database, request: { action: FourEyesAction; target: string }) {
  if (request.action === 'approve_transfer' || request.action === 'refund_transfer') {
    const [transfer] = await tx
      .select({ orderId: incomingTransfers.orderId })
      .from(incomingTransfers)
      .where(eq(incomingTransfers.id, request.target))
    return { transferId: request.target, orderId: transfer?.orderId ?? null }
  }
  if (request.action === 'refund_order') {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.reference, request.target))
    return { orderId: order?.id ?? null }
  }
  return customerOf(request)
}

/**
 * Requests waiting for a second operator, oldest first, with who asked, when and why, and how many wait in all; only
 * those of the kinds given, when given.
 */
export async function pendingFourEyes({ db }: Pick<FourEyesDeps, 'db'>, kinds?: readonly FourEyesAction[]) {
  const requester = alias(operatorAccounts, 'requester')
  return db
    .select({
      id: fourEyesRequests.id,
      action: fourEyesRequests.action,
      target: fourEyesRequests.target,
      requestedBy: fourEyesRequests.requestedBy,
      requestedByName: requester.loginName,
      requestedAt: fourEyesRequests.requestedAt,
      reason: fourEyesRequests.reason,
      waiting: countInAll(),
    })
    .from(fourEyesRequests)
    .innerJoin(requester, eq(requester.id, fourEyesRequests.requestedBy))
    .where(
      and(
        eq(fourEyesRequests.status, 'requested'),
        kinds === undefined ? undefined : inArray(fourEyesRequests.action, [...kinds]),
      ),
    )
    .orderBy(asc(fourEyesRequests.requestedAt))
    .limit(100)
}

/** The roles that decide a request of this kind (for the page's forms). */
export const decidesFourEyes = (roles: readonly OperatorRole[], action: FourEyesAction) =>
  mayDo(roles, ROUTE_OF[action])
