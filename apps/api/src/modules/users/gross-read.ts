import { and, desc, eq, gte, inArray, max, sql } from 'drizzle-orm'
import { agreementVersionsOf } from '@exchange/shared/agreement'
import { alias } from 'drizzle-orm/pg-core'
import { FIAT_DECIMALS } from '@exchange/shared/currencies'
import { sumAmounts } from '@exchange/shared/money'
import { JourneyStepId, payoutStepScreen } from '@exchange/shared/journey-steps'
import { OPEN_STATUSES, PAID_STATUSES, type OrderStatus } from '@exchange/shared/order-rules'
import type { GrossData } from '@exchange/shared/accounts.schemas'
import { type Database, keepPlanned } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import { orders } from '../../db/tables/modules/orders'
import { signedAgreements } from '../../db/tables/modules/agreement'
import { AppError } from '../../errors'
import type { TradingConfig } from '../../trading'
import { methodNameOf, toOrderSummary } from '../orders/orders.service'

/** The orders getGross reads: the open ones, and the paid ones waiting for a step of the customer's (decision 087). */
const SHOWN_STATUSES: OrderStatus[] = [...OPEN_STATUSES, 'awaiting_checks']

/**
 * `getGross` in one prepared statement, one round trip: the customer's details, one row per open order and per paid
 * order waiting for the customer (newest first), and the fiat amounts paid under the agreement in force since its
 * signature (decision 044), which are added here as `pendingBalance` is. Prepared once per process.
 */
export function prepareGrossStatement(db: Database, agreementVersion: string) {
  const paid = alias(orders, 'paid')
  const signedAt = db
    .select({ at: max(signedAgreements.signedAt) })
    .from(signedAgreements)
    .where(
      and(
        eq(signedAgreements.customerId, customers.id),
        // Any language's text of the edition in force signs it (decision 131).
        inArray(signedAgreements.agreementVersion, agreementVersionsOf(agreementVersion)),
      ),
    )
  const paidUnderAgreement = db
    .select({ amounts: sql<string | null>`string_agg(${paid.fiatAmount}::text, ',')` })
    .from(paid)
    .where(
      and(
        eq(paid.customerId, customers.id),
        inArray(paid.status, [...PAID_STATUSES]),
        gte(paid.createdAt, sql`(${signedAt})`),
      ),
    )
  const statement = db
    .select({
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      language: customers.language,
      paidUnderAgreement: sql<string | null>`(${paidUnderAgreement})`,
      order: orders,
    })
    .from(customers)
    .leftJoin(orders, and(eq(orders.customerId, customers.id), inArray(orders.status, SHOWN_STATUSES)))
    .where(eq(customers.id, sql.placeholder('customerId')))
    .orderBy(desc(orders.createdAt))
    .prepare('get_gross')
  keepPlanned(db, statement)
  return statement
}

export interface GrossReadDeps {
  trading: TradingConfig
  statement: ReturnType<typeof prepareGrossStatement>
}

/** The customer's answer read from the database, nothing kept. */
export async function readGross({ trading, statement }: GrossReadDeps, customerId: string): Promise<GrossData> {
  const rows = await statement.execute({ customerId })
  const [first] = rows
  if (!first) throw new AppError('unauthorized', 401)
  const shown = rows.flatMap((row) => (row.order ? [row.order] : []))
  const open = shown.filter((order) => order.status !== 'awaiting_checks')
  const waitingOrders = shown.flatMap((order) => {
    const step = JourneyStepId.safeParse(order.payoutWaitsFor)
    if (order.status !== 'awaiting_checks' || !step.success) return []
    const waitsFor = { step: step.data, screen: payoutStepScreen(step.data, order.reference) }
    return [{ order: toOrderSummary(order, methodNameOf(order, trading)), waitsFor }]
  })
  const awaiting = open.filter((order) => order.status === 'awaiting_payment').map((order) => order.fiatAmount)
  return {
    details: { firstName: first.firstName, lastName: first.lastName, email: first.email, language: first.language },
    userName: first.email,
    pendingBalance: sumAmounts(awaiting, FIAT_DECIMALS),
    agreementSum: sumAmounts(first.paidUnderAgreement?.split(',') ?? [], FIAT_DECIMALS),
    openOrder: open.map((order) => toOrderSummary(order, methodNameOf(order, trading))),
    waitingOrders,
  }
}
