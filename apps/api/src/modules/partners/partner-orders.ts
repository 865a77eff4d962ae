import { type SQL, and, desc, eq, sql } from 'drizzle-orm'
import { explorerTxUrl } from '@exchange/shared/explorers'
import type { PartnerOrder, PartnerOrdersQuery } from '@exchange/shared/partner-api.schemas'
import { deliveries } from '../../db/tables/modules/fulfilment'
import { orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import { partnerWalletOf } from '../orders/partner-notices'
import { toOrderSummary } from '../orders/orders.service'
import type { PartnerApiDeps } from './partner-api-deps'

/** A page of orders when the partner names no limit. */
const DEFAULT_PAGE = 20

type Deps = Pick<PartnerApiDeps, 'db' | 'chainNetwork'>

const orderWithDelivery = (db: Deps['db']) =>
  db
    .select({ order: orders, txId: deliveries.txId, simulated: deliveries.simulated })
    .from(orders)
    .leftJoin(deliveries, eq(deliveries.orderId, orders.id))

interface OrderWithDelivery {
  order: typeof orders.$inferSelect
  txId: string | null
  simulated: boolean | null
}

/** An order as its partner sees it: amounts, price, status, wallet and delivery; nothing about the customer. */
function partnerView({ order, txId, simulated }: OrderWithDelivery, { chainNetwork }: Deps): PartnerOrder {
  const summary = toOrderSummary(order)
  return {
    reference: order.reference,
    partnerOrderId: order.partnerOrderId,
    status: order.status,
    fiat: order.fiat,
    fiatAmount: order.fiatAmount,
    fee: order.fee,
    netFiat: order.netFiat,
    crypto: order.crypto,
    cryptoAmount: summary.cryptoAmount,
    rate: summary.price.rate,
    wallet: partnerWalletOf(order),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    txId: txId ?? null,
    explorerUrl: txId && !simulated ? explorerTxUrl(order.crypto, chainNetwork, txId) : null,
  }
}

/** `GET /v1/partner/orders/:reference`: the partner's own order; another partner's answers as an unknown one. */
export async function partnerOrder(deps: Deps, partnerId: string, reference: string): Promise<PartnerOrder> {
  const [row] = await orderWithDelivery(deps.db).where(
    and(eq(orders.reference, reference), eq(orders.partnerId, partnerId)),
  )
  if (!row) throw new AppError('not_found', 404)
  return partnerView(row, deps)
}

/**
 * `GET /v1/partner/orders`: the partner's orders, newest first, by keyset (the cursor is the last order of the page
 * before, so a page never shifts when orders are added); with `partnerOrderId`, only the orders of that id.
 */
export async function partnerOrders(deps: Deps, partnerId: string, query: PartnerOrdersQuery) {
  const limit = query.limit ?? DEFAULT_PAGE
  const conditions: SQL[] = [eq(orders.partnerId, partnerId)]
  if (query.partnerOrderId !== undefined) conditions.push(eq(orders.partnerOrderId, query.partnerOrderId))
  if (query.cursor !== undefined) {
    const [anchor] = await deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.reference, query.cursor), eq(orders.partnerId, partnerId)))
    if (!anchor) throw new AppError('validation_failed', 400, { fields: { cursor: 'is not a cursor of this list' } })
    // Compared in the database: its timestamps are finer than a JavaScript date.
    conditions.push(
      sql`(${orders.createdAt}, ${orders.id}) < (select anchor.created_at, anchor.id from orders anchor where anchor.id = ${anchor.id})`,
    )
  }
  const rows = await orderWithDelivery(deps.db)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  return {
    orders: page.map((row) => partnerView(row, deps)),
    nextCursor: rows.length > limit ? (page.at(-1)?.order.reference ?? null) : null,
  }
}
