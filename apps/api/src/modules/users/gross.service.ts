import { and, desc, eq, gte, inArray, max, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { FIAT_DECIMALS } from '@exchange/shared/currencies'
import { sumAmounts } from '@exchange/shared/money'
import { OPEN_STATUSES, PAID_STATUSES } from '@exchange/shared/order-rules'
import type { GrossData } from '@exchange/shared/accounts.schemas'
import { type Database, keepPlanned } from '../../db/client'
import { customers, orders, signedAgreements } from '../../db/schema'
import { AppError } from '../../errors'
import type { TradingConfig } from '../../trading'
import { methodNameOf, toOrderSummary } from '../orders/orders.service'

export type GrossService = ReturnType<typeof createGrossService>

/**
 * `getGross` in one prepared statement, one round trip: the customer's details, one row per open order (newest
 * first), and the fiat amounts paid under the agreement in force since its signature (decision 044), which are added
 * here as `pendingBalance` is.
 */
export function createGrossService({
  db,
  trading,
  agreementVersion,
}: {
  db: Database
  trading: TradingConfig
  agreementVersion: string
}) {
  const paid = alias(orders, 'paid')
  const signedAt = db
    .select({ at: max(signedAgreements.signedAt) })
    .from(signedAgreements)
    .where(
      and(
        eq(signedAgreements.customerId, customers.id),
        eq(signedAgreements.agreementVersion, sql.placeholder('agreementVersion')),
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
      paidUnderAgreement: sql<string | null>`(${paidUnderAgreement})`,
      order: orders,
    })
    .from(customers)
    .leftJoin(orders, and(eq(orders.customerId, customers.id), inArray(orders.status, [...OPEN_STATUSES])))
    .where(eq(customers.id, sql.placeholder('customerId')))
    .orderBy(desc(orders.createdAt))
    .prepare('get_gross')
  keepPlanned(db, statement)

  async function gross(customerId: string): Promise<GrossData> {
    const rows = await statement.execute({ customerId, agreementVersion })
    const [first] = rows
    if (!first) throw new AppError('unauthorized', 401)
    const open = rows.flatMap((row) => (row.order ? [row.order] : []))
    const awaiting = open.filter((order) => order.status === 'awaiting_payment').map((order) => order.fiatAmount)
    return {
      details: { firstName: first.firstName, lastName: first.lastName, email: first.email },
      userName: first.email,
      pendingBalance: sumAmounts(awaiting, FIAT_DECIMALS),
      agreementSum: sumAmounts(first.paidUnderAgreement?.split(',') ?? [], FIAT_DECIMALS),
      openOrder: open.map((order) => toOrderSummary(order, methodNameOf(order, trading))),
    }
  }

  return { gross }
}
