import { and, desc, eq, gt, isNotNull, lte, or } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { customerNameChanges, customers } from '../../db/tables/modules/customers'
import type { CustomerServiceDeps } from './customer-deps'

/** One recorded name and the one before it (none when the name was given for the first time). */
const NAME_CHANGE = {
  oldFirstName: customerNameChanges.oldFirstName,
  oldLastName: customerNameChanges.oldLastName,
  newFirstName: customerNameChanges.newFirstName,
  newLastName: customerNameChanges.newLastName,
  changedAt: customerNameChanges.changedAt,
}

/** A row that changed an existing name, not the first naming. */
const A_CHANGE = or(isNotNull(customerNameChanges.oldFirstName), isNotNull(customerNameChanges.oldLastName))

const HOUR_MS = 3_600_000

/** A change of an existing name, as payment intake names it when it holds a payment. */
export interface RecentNameChange {
  oldName: string
  newName: string
  changedAt: Date
}

/** Every name the customer gave, oldest first: the first naming (no old name) and each change after it. */
export async function nameHistory({ db }: Pick<CustomerServiceDeps, 'db'>, customerId: string) {
  return db
    .select(NAME_CHANGE)
    .from(customerNameChanges)
    .where(eq(customerNameChanges.customerId, customerId))
    .orderBy(customerNameChanges.id)
}

/** The latest changes of an existing name across customers, newest first, for the operator view. */
export async function recentNameChanges({ db }: Pick<CustomerServiceDeps, 'db'>, limit = 50) {
  return db
    .select({ email: customers.email, ...NAME_CHANGE })
    .from(customerNameChanges)
    .innerJoin(customers, eq(customers.id, customerNameChanges.customerId))
    .where(A_CHANGE)
    .orderBy(desc(customerNameChanges.id))
    .limit(limit)
}

/**
 * The latest change of an existing name within the last `hours` (NAME_CHANGE_HOLD_HOURS unless given), or null:
 * payment intake holds such a customer's payments for a person and names the change on the order's timeline.
 * Giving a name for the first time is not a change. Pass the intake's transaction as `tx` to read it where the
 * payment is decided.
 */
export async function recentNameChange(
  { db, clock, nameChangeHoldHours }: Pick<CustomerServiceDeps, 'db' | 'clock' | 'nameChangeHoldHours'>,
  customerId: string,
  options: { hours?: number; at?: Date; tx?: Database } = {},
): Promise<RecentNameChange | null> {
  const hours = options.hours ?? nameChangeHoldHours
  const at = options.at ?? clock.now()
  const since = new Date(at.getTime() - hours * HOUR_MS)
  const [change] = await (options.tx ?? db)
    .select(NAME_CHANGE)
    .from(customerNameChanges)
    .where(
      and(
        eq(customerNameChanges.customerId, customerId),
        gt(customerNameChanges.changedAt, since),
        lte(customerNameChanges.changedAt, at),
        A_CHANGE,
      ),
    )
    .orderBy(desc(customerNameChanges.changedAt), desc(customerNameChanges.id))
    .limit(1)
  if (!change) return null
  const full = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ')
  return {
    oldName: full(change.oldFirstName, change.oldLastName),
    newName: full(change.newFirstName, change.newLastName),
    changedAt: change.changedAt,
  }
}

/** Whether the customer changed an existing name within the last `hours` (see `recentNameChange`). */
export async function nameChangedWithin(
  deps: Pick<CustomerServiceDeps, 'db' | 'clock' | 'nameChangeHoldHours'>,
  customerId: string,
  options: { hours?: number; at?: Date; tx?: Database } = {},
): Promise<boolean> {
  return (await recentNameChange(deps, customerId, options)) !== null
}
