import { desc, eq, ilike, or, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { SearchResults } from '@exchange/shared/back-office.schemas'
import { normalizeIban } from '@exchange/shared/iban'
import type { Database } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import { incomingTransfers } from '../../db/tables/modules/intake'
import { orders } from '../../db/tables/modules/orders'
import { virtualIbans } from '../../db/tables/modules/payments'
import { walletProofs } from '../../db/tables/modules/wallets'
import { amountOf } from './back-office-views'
import type { OperatorServiceDeps } from './operator-deps'
import { logAction } from './operator-log'

/** The most customers and the most orders one search answers. */
const FOUND = 20

type FoundCustomer = SearchResults['customers'][number]

/** `%text%` for LIKE with the text's own `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`

/** An IBAN as stored or typed, without spaces and in capitals, in SQL. */
const ibanColumn = (column: AnyPgColumn) => sql`upper(replace(${column}, ' ', ''))`

/** Customers whose row matches `where` (joined with what `from` adds), each marked with what matched. */
function customersWhere(db: Database, matched: FoundCustomer['matched']) {
  return db
    .selectDistinct({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      // One of a few constant words, written into the statement.
      matched: sql<string>`${sql.raw(`'${matched}'`)}`,
    })
    .from(customers)
}

/**
 * The operators' search (decision 133): customers by e-mail or name (case-insensitive, any part), by an IBAN they paid
 * from or were given (spaces and case ignored), by a wallet address (exactly); orders by reference (any part). At
 * most 20 of each; a customer found by several keys is listed once, by the first.
 */
export async function search(
  deps: Pick<OperatorServiceDeps, 'db' | 'clock'>,
  operator: { id: string; name: string },
  query: string,
): Promise<SearchResults> {
  const { db } = deps
  // What is looked for is written to the trail before anything is found (decision 133).
  await logAction(deps, operator, 'searched', {}, { query })
  const like = containing(query)
  const iban = normalizeIban(query)
  const byEmail = customersWhere(db, 'email').where(ilike(customers.email, like)).limit(FOUND)
  const byName = customersWhere(db, 'name')
    .where(
      or(
        ilike(customers.firstName, like),
        ilike(customers.lastName, like),
        ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, like),
      ),
    )
    .limit(FOUND)
  const byPayerIban = customersWhere(db, 'iban')
    .innerJoin(orders, eq(orders.customerId, customers.id))
    .innerJoin(incomingTransfers, eq(incomingTransfers.orderId, orders.id))
    .where(eq(ibanColumn(incomingTransfers.payerIban), iban))
    .limit(FOUND)
  const byVirtualIban = customersWhere(db, 'iban')
    .innerJoin(virtualIbans, eq(virtualIbans.customerId, customers.id))
    .where(eq(ibanColumn(virtualIbans.iban), iban))
    .limit(FOUND)
  const byOrderWallet = customersWhere(db, 'wallet')
    .innerJoin(orders, eq(orders.customerId, customers.id))
    .where(eq(orders.wallet, query))
    .limit(FOUND)
  const byProvenWallet = customersWhere(db, 'wallet')
    .innerJoin(walletProofs, eq(walletProofs.customerId, customers.id))
    .where(eq(walletProofs.address, query))
    .limit(FOUND)
  const foundOrders = await db
    .select({
      reference: orders.reference,
      customerId: orders.customerId,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      status: orders.status,
      fiat: orders.fiat,
      fiatAmount: orders.fiatAmount,
      crypto: orders.crypto,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(ilike(orders.reference, like))
    .orderBy(desc(orders.createdAt))
    .limit(FOUND)
  const byOrder = foundOrders.map((order) => ({ ...order, id: order.customerId, matched: 'order' }))
  const found = new Map<string, FoundCustomer>()
  const groups = await Promise.all([byEmail, byName, byPayerIban, byVirtualIban, byOrderWallet, byProvenWallet])
  for (const rows of [...groups, byOrder])
    for (const row of rows)
      if (!found.has(row.id) && found.size < FOUND)
        found.set(row.id, {
          id: row.id,
          email: row.email,
          name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
          matched: row.matched,
        })
  return {
    customers: [...found.values()],
    orders: foundOrders.map((order) => ({
      reference: order.reference,
      customerId: order.customerId,
      email: order.email,
      status: order.status,
      fiatAmount: amountOf(order.fiatAmount, order.fiat),
      crypto: order.crypto,
      createdAt: order.createdAt.toISOString(),
    })),
  }
}
