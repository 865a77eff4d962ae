import { and, asc, eq, gt, inArray, isNotNull, min, sql } from 'drizzle-orm'
import {
  PAYOUT_HOLD_HOURS,
  SECURITY_HOLD_STEP,
  type PaidWallet,
  type SecurityChange,
  payoutHoldAt,
} from '@exchange/shared/payout-hold'
import { pathForOrder } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import type { Database } from '../../db/client'
import { type AccountEventType, accountEvents } from '../../db/tables/modules/accounts'
import { customers } from '../../db/tables/modules/customers'
import { deliveries } from '../../db/tables/modules/fulfilment'
import { orders } from '../../db/tables/modules/orders'
import type { AccountServiceDeps } from './account-deps'

/**
 * The account events that hold payouts to new wallets for 24 hours (decision 126): a change of the way into the
 * account or of where its mail goes. A new security event that should hold payouts is added here, and only here: its
 * recording then locks the customer's row and moves their waiting orders on (`recordEvent`), the gate and the screens
 * read the list, and `securityChangeWords` (shared `payout-hold`) words it for the customer.
 */
export const PAYOUT_HOLD_EVENTS = [
  'password_changed',
  'password_reset_completed',
  'email_changed',
  'email_change_undone',
  // Two-factor sign-in (decision 124): each changes the ways into the account, or shows one was used in place of the
  // authenticator.
  'second_factor_enabled',
  'second_factor_disabled',
  'recovery_codes_renewed',
  'recovery_code_used',
  'passkey_added',
  'passkey_removed',
] as const satisfies readonly AccountEventType[]

const HOLD_MS = PAYOUT_HOLD_HOURS * 60 * 60 * 1000

/** The customer's changes of the last 24 hours that start a hold, oldest first. */
async function recentChanges(db: Database, customerId: string, now: Date) {
  return db
    .select({ type: accountEvents.type, at: accountEvents.createdAt })
    .from(accountEvents)
    .where(
      and(
        eq(accountEvents.customerId, customerId),
        inArray(accountEvents.type, [...PAYOUT_HOLD_EVENTS]),
        gt(accountEvents.createdAt, new Date(now.getTime() - HOLD_MS)),
      ),
    )
    .orderBy(asc(accountEvents.createdAt))
}

/** Completed payouts of the customer: each coin and address with the first delivery to it. */
function paidWalletsQuery(db: Database, customerId: string) {
  const address = sql<string>`lower(trim(${orders.wallet}))`
  return db
    .select({ crypto: orders.crypto, address, firstPaidAt: min(deliveries.deliveredAt) })
    .from(orders)
    .innerJoin(deliveries, eq(deliveries.orderId, orders.id))
    .where(and(eq(orders.customerId, customerId), eq(orders.status, 'completed'), isNotNull(deliveries.deliveredAt)))
    .groupBy(orders.crypto, address)
}

/**
 * The hold on a payout of `crypto` to `address` now, or null (decision 126). `tx` reads inside the caller's transaction
 * (the withdrawal's, after it took the customer's row).
 */
export async function payoutHoldOf(
  { db, clock }: Pick<AccountServiceDeps, 'db' | 'clock'>,
  customerId: string,
  wallet: { crypto: string; address: string },
  tx: Database = db,
): Promise<{ until: Date; reason: string } | null> {
  const now = clock.now()
  const changes = await recentChanges(tx, customerId, now)
  if (changes.length === 0) return null
  const [paid] = await tx
    .select({ firstPaidAt: min(deliveries.deliveredAt) })
    .from(orders)
    .innerJoin(deliveries, eq(deliveries.orderId, orders.id))
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.crypto, wallet.crypto as (typeof orders.crypto.enumValues)[number]),
        eq(orders.status, 'completed'),
        sql`lower(trim(${orders.wallet})) = ${wallet.address.trim().toLowerCase()}`,
      ),
    )
  return payoutHoldAt(changes, paid?.firstPaidAt ?? null, now)
}

/** `payoutHolds`: the changes that hold new wallets now and the wallets paid out to, for the screens before payment. */
export async function payoutHolds(
  deps: Pick<AccountServiceDeps, 'db' | 'clock'>,
  customerId: string,
): Promise<{ changes: SecurityChange[]; paidWallets: PaidWallet[] }> {
  const changes = await recentChanges(deps.db, customerId, deps.clock.now())
  if (changes.length === 0) return { changes: [], paidWallets: [] }
  const paid = await paidWalletsQuery(deps.db, customerId)
  return {
    changes: changes.map(({ type, at }) => ({ type, at: at.toISOString() })),
    paidWallets: paid.flatMap(({ crypto, address, firstPaidAt }) =>
      firstPaidAt ? [{ crypto, address, firstPaidAt: firstPaidAt.toISOString() }] : [],
    ),
  }
}

/**
 * Takes the customer's row for the rest of the transaction: a security change (exclusively, `recordEvent`) and a
 * withdrawal's last look at the hold (shared) so happen one after the other, never across each other (decision 126).
 */
export async function holdCustomerRow(tx: Database, customerId: string, mode: 'update' | 'share'): Promise<void> {
  const query = tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId))
  await (mode === 'update' ? query.for('update') : query.for('share'))
}

/** A step as fulfilment's payout gate names it (structurally `PayoutStep` of fulfilment-deps). */
interface GateStep {
  step: string
  what: string
  link: string
  refused: boolean
  hold?: { until: Date; reason: string }
}
type PayoutOrder = { reference: string; crypto: string; wallet: string }

/**
 * The payout gate with the hold after a security change behind the journey's steps (decision 126): a step the customer
 * owes is named first (they can act on it); once none is owed, a new wallet waits for its hold. And the last look of
 * the withdrawal, which takes the customer's row (shared) before it reads.
 */
export function createSecurityHolds(deps: Pick<AccountServiceDeps, 'db' | 'clock'>, publicUrl: string) {
  const linkOf = (reference: string) => `${publicUrl}${pathForOrder(WEB_PATHS.history, reference)}`
  const holdOf = async (customerId: string, order: PayoutOrder, tx?: Database) =>
    order.wallet === PLACEHOLDER_WALLET
      ? null
      : payoutHoldOf(deps, customerId, { crypto: order.crypto, address: order.wallet }, tx)
  return {
    withHold<Owed extends GateStep>(gate: (customerId: string, order?: PayoutOrder) => Promise<Owed | null>) {
      return async (customerId: string, order?: PayoutOrder): Promise<Owed | GateStep | null> => {
        const owed = await gate(customerId, order)
        if (owed || !order) return owed
        const hold = await holdOf(customerId, order)
        if (!hold) return null
        const what = 'wait 24 hours after a security change before coins go to a new wallet'
        return { step: SECURITY_HOLD_STEP, what, link: linkOf(order.reference), refused: false, hold }
      }
    },
    /** The hold a payout of this order would meet now (the order's screens, before and after payment). */
    holdOfOrder: (customerId: string, order: PayoutOrder) => holdOf(customerId, order),
    async atWithdrawal(tx: Database, customerId: string, order: PayoutOrder) {
      await holdCustomerRow(tx, customerId, 'share')
      const hold = await holdOf(customerId, order, tx)
      return hold && { ...hold, link: linkOf(order.reference) }
    },
  }
}
