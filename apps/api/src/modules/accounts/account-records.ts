import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { type AccountEventType, accountEvents, trustedDevices } from '../../db/tables/modules/accounts'
import { customers } from '../../db/tables/modules/customers'
import type { SqlExecutor } from '../../jobs/job-queue'
import type { RequestOrigin } from '../sessions/sessions.service'
import type { AccountServiceDeps } from './account-deps'
import type { CodeRequester } from './code-budgets'
import { ISSUE_CODE_JOB, type IssueCodeJobData } from './issue-code-job'
import { PAYOUT_HOLD_EVENTS, holdCustomerRow } from './payout-holds'

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/** Who asks for or tries a code, as the code budgets count them (decision 074): the client address. */
export function requesterOf(origin: RequestOrigin): string {
  return `ip:${origin.ip}`
}

const startsPayoutHold = (type: AccountEventType) => (PAYOUT_HOLD_EVENTS as readonly AccountEventType[]).includes(type)

/**
 * Appends an event to the account's trail. A security change that holds payouts to new wallets (`PAYOUT_HOLD_EVENTS`,
 * decision 126) first takes the customer's row, so a withdrawal deciding at the same time either commits before it or
 * sees it, and queues the look at the customer's waiting orders, in the same transaction.
 */
export async function recordEvent(
  { clock, checksChanged }: Pick<AccountServiceDeps, 'clock' | 'checksChanged'>,
  tx: Database,
  event: {
    type: AccountEventType
    email: string
    customerId?: string | null
    ip?: string
    detail?: Record<string, unknown>
  },
) {
  if (event.customerId && startsPayoutHold(event.type)) {
    await holdCustomerRow(tx, event.customerId, 'update')
    await checksChanged(tx, event.customerId)
  }
  await tx.insert(accountEvents).values({ ...event, customerId: event.customerId ?? null, createdAt: clock.now() })
}

/**
 * Records the event of a queued job, once: answers false when the job's id is already in the trail, i.e. this is a
 * retry of a run that committed (issue-code-job.ts). A concurrent run of the same job waits here for the other's
 * commit, then finds its row.
 */
export async function recordJobEvent(
  { clock }: Pick<AccountServiceDeps, 'clock'>,
  tx: Database,
  jobId: string,
  event: { type: AccountEventType; email: string; customerId: string; ip: string; detail?: Record<string, unknown> },
): Promise<boolean> {
  const recorded = await tx
    .insert(accountEvents)
    .values({ ...event, jobId, createdAt: clock.now() })
    .onConflictDoNothing({ target: accountEvents.jobId })
    .returning({ id: accountEvents.id })
  return recorded.length === 1
}

/** Queues the work of a code call; with `tx`, the job exists only if the call's transaction commits. */
export async function queueIssueCode(
  { queue }: Pick<AccountServiceDeps, 'queue'>,
  data: IssueCodeJobData,
  tx?: SqlExecutor,
): Promise<void> {
  await queue.send(ISSUE_CODE_JOB, data, tx)
}

export async function findCustomer(tx: Database, email: string) {
  const [customer] = await tx.select().from(customers).where(eq(customers.email, email))
  return customer
}

async function findTrustedDevice(db: Database, deviceToken: string | undefined) {
  if (deviceToken === undefined) return undefined
  const [device] = await db
    .select({ id: trustedDevices.id, customerId: trustedDevices.customerId })
    .from(trustedDevices)
    .where(eq(trustedDevices.tokenHash, sha256(deviceToken)))
  return device
}

/** The browser's trusted device when it is one of this account's, else undefined. */
export async function deviceOfAccount(
  { db }: Pick<AccountServiceDeps, 'db'>,
  customerId: string | undefined,
  deviceToken: string | undefined,
) {
  const found = customerId === undefined ? undefined : await findTrustedDevice(db, deviceToken)
  return found && found.customerId === customerId ? found : undefined
}

/**
 * Whether a code request comes from the owner (decision 074): a trusted device of the account, or the requester of
 * the code it asks again for ("holding the last code"). The owner is charged on their own budget only. The new code
 * belongs to the asker; asked by anyone else, to the requester of the code it replaces, so a stranger who asks
 * again for the owner's code neither takes it over nor becomes the one holding it.
 */
export async function codeAsker(
  deps: Pick<AccountServiceDeps, 'db'>,
  email: string,
  pending: { requestedBy: string | null; requestedByOwner: boolean } | undefined,
  origin: RequestOrigin,
  deviceToken: string | undefined,
): Promise<{ requester: CodeRequester; owner: { requestedBy: string; byOwner: boolean } }> {
  const key = requesterOf(origin)
  const customer = deviceToken === undefined ? undefined : await findCustomer(deps.db, email)
  const device = await deviceOfAccount(deps, customer?.id, deviceToken)
  const holdsLast = pending?.requestedBy === key
  const asksAsOwner = device !== undefined || holdsLast
  const owner =
    asksAsOwner || !pending?.requestedBy
      ? { requestedBy: key, byOwner: device !== undefined || (holdsLast && pending.requestedByOwner) }
      : { requestedBy: pending.requestedBy, byOwner: pending.requestedByOwner }
  return { requester: { key, owner: asksAsOwner }, owner }
}
