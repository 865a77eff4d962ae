// What the chaos run's money did, read from its database after the customers are done: every order stored is one a
// customer was answered (a retried orderInitiateBuy made none of its own), every payment the api acknowledged is
// stored once and paid its order, no order was paid twice, the liquidity provider bought each order's coins at most
// once.
import type pg from 'pg'
import { PAID_STATUSES } from '@exchange/shared/order-rules'

export interface Ledger {
  orders: number
  /** Orders stored that no customer was answered: made twice by a retry, or whose answer never arrived. */
  ordersNotAnswered: string[]
  paidOrders: number
  completedOrders: number
  /** Acknowledged notices whose transfer is not stored or whose order is not paid. */
  paymentsLost: string[]
  /** Orders with more than one stored transfer or succeeded payment. */
  paidTwice: string[]
  /** Orders whose coins the (sandbox) liquidity provider bought more than once. */
  deliveredTwice: string[]
  /** Paid orders not completed (bought and sent) when the run ended. */
  notDelivered: string[]
}

interface OrderRow {
  reference: string
  status: string
  transfers: string
  succeeded: string
  buys: string
}

/** Every order of the run's (fresh) database, with its stored transfers, succeeded payments and buys. */
async function readOrders(db: pg.Pool): Promise<OrderRow[]> {
  const { rows } = await db.query<OrderRow>(`
    SELECT o.reference, o.status,
      (SELECT count(*) FROM incoming_transfers t WHERE t.order_id = o.id) AS transfers,
      (SELECT count(*) FROM payments p WHERE p.order_id = o.id AND p.status = 'succeeded') AS succeeded,
      (SELECT count(*) FROM sandbox_liquidity_orders l
        WHERE l.client_order_id = o.reference
           OR l.client_order_id IN (SELECT b.id::text FROM buy_intents b WHERE b.order_id = o.id)) AS buys
    FROM orders o`)
  return rows
}

export async function readLedger(
  db: pg.Pool,
  acknowledged: readonly { reference: string; transferId: string }[],
  answeredOrders: readonly string[],
): Promise<Ledger> {
  const rows = await readOrders(db)
  const byReference = new Map(rows.map((row) => [row.reference, row]))
  const { rows: stored } = await db.query<{ provider_transfer_id: string }>(
    'SELECT provider_transfer_id FROM incoming_transfers WHERE provider_transfer_id = ANY($1)',
    [acknowledged.map((payment) => payment.transferId)],
  )
  const storedTransfers = new Set(stored.map((row) => row.provider_transfer_id))
  const paid = (status: string) => (PAID_STATUSES as readonly string[]).includes(status)
  const answered = new Set(answeredOrders)
  return {
    orders: rows.length,
    ordersNotAnswered: rows
      .filter((row) => !answered.has(row.reference))
      .map((row) => `${row.reference}: ${row.status}`),
    paidOrders: rows.filter((row) => paid(row.status)).length,
    completedOrders: rows.filter((row) => row.status === 'completed').length,
    paymentsLost: acknowledged
      .filter(({ reference, transferId }) => {
        const order = byReference.get(reference)
        return !storedTransfers.has(transferId) || !order || !paid(order.status)
      })
      .map(({ reference, transferId }) => `${reference} (${transferId}): ${byReference.get(reference)?.status}`),
    paidTwice: rows
      .filter((row) => Number(row.transfers) > 1 || Number(row.succeeded) > 1)
      .map((row) => `${row.reference}: ${row.transfers} transfers, ${row.succeeded} succeeded payments`),
    deliveredTwice: rows.filter((row) => Number(row.buys) > 1).map((row) => `${row.reference}: ${row.buys} buys`),
    notDelivered: rows
      .filter((row) => paid(row.status) && row.status !== 'completed')
      .map((row) => `${row.reference}: ${row.status}`),
  }
}
