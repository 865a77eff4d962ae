import { CRYPTO_CURRENCIES, FIAT_CURRENCIES } from '@exchange/shared/currencies'
import { METHOD_GROUPS, ORDER_STATUSES } from '@exchange/shared/order-rules'
import type { OrderTrailKind } from '@exchange/shared/order-trail'
import { bigserial, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'
import { customers } from './customers'
import { partnerSessions, partners } from './partners'

/** How an order is paid: a group of the method picker, or a bank transfer (wire, virtual IBAN) started directly. */
export const ORDER_PAYMENT_WAYS = [...METHOD_GROUPS, 'wire', 'viban'] as const
export type OrderPaymentWay = (typeof ORDER_PAYMENT_WAYS)[number]

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    tranId: text('tran_id').notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    orderType: text('order_type').notNull().default('buy'),
    fiat: text('fiat', { enum: FIAT_CURRENCIES }).notNull(),
    crypto: text('crypto', { enum: CRYPTO_CURRENCIES }).notNull(),
    fiatAmount: numeric('fiat_amount', { precision: 20, scale: 2 }).notNull(),
    fee: numeric('fee', { precision: 20, scale: 2 }).notNull(),
    netFiat: numeric('net_fiat', { precision: 20, scale: 2 }).notNull(),
    cryptoAmount: numeric('crypto_amount', { precision: 30, scale: 10 }).notNull(),
    /** The price the order fixed, kept apart: mid, our spread and fee, and the customer rate. */
    midRate: numeric('mid_rate', { precision: 30, scale: 10 }).notNull(),
    spreadBps: integer('spread_bps').notNull(),
    feeBps: integer('fee_bps').notNull(),
    customerRate: numeric('customer_rate', { precision: 30, scale: 10 }).notNull(),
    rateSource: text('rate_source').notNull(),
    rateFetchedAt: timestamp('rate_fetched_at', { withTimezone: true }).notNull(),
    wallet: text('wallet').notNull(),
    affiliateToken: text('affiliate_token').notNull(),
    methodGroup: text('method_group', { enum: ORDER_PAYMENT_WAYS }),
    methodOption: text('method_option'),
    priceExpiresAt: timestamp('price_expires_at', { withTimezone: true }).notNull(),
    createdMailSentAt: timestamp('created_mail_sent_at', { withTimezone: true }),
    /** One settlement run at a time per order: a run holds the order until this time (a crashed run's hold lapses). */
    settlementLeaseUntil: timestamp('settlement_lease_until', { withTimezone: true }),
    /** Set before coins are withdrawn to the customer: a withdrawal whose outcome is unknown is never sent twice. */
    withdrawalRequestedAt: timestamp('withdrawal_requested_at', { withTimezone: true }),
    /**
     * While the order is `awaiting_checks`: the journey step its payout waits for, as the customer was last told of it
     * (decision 039). A different step owed later is told again; none is told twice.
     */
    payoutWaitsFor: text('payout_waits_for'),
    /**
     * While the payout waits for `security_hold` (decision 126): when the hold on its new wallet ends, as the customer
     * was last told. The settlement sweep sends the order on once it has passed; a later change moves it later.
     */
    payoutHeldUntil: timestamp('payout_held_until', { withTimezone: true }),
    /** An order a partner sent its customer in for (`/mp`): the partner, its own order id and the way in. */
    partnerId: uuid('partner_id').references(() => partners.id),
    partnerOrderId: text('partner_order_id'),
    partnerSessionId: uuid('partner_session_id').references(() => partnerSessions.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_customer_created_idx').on(table.customerId, table.createdAt),
    index('orders_status_expiry_idx').on(table.status, table.priceExpiresAt),
    index('orders_partner_created_idx').on(table.partnerId, table.createdAt),
    index('orders_partner_order_idx').on(table.partnerId, table.partnerOrderId),
  ],
)

/**
 * Every status change and note of an order, with time, actor and what happened: a typed entry (`kind` and its facts in
 * `details`, shared `order-trail`, decision 109) and the operator's words for it (`cause`). Entries written before
 * decision 109 have only the words.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    cause: text('cause').notNull(),
    kind: text('kind').$type<OrderTrailKind>(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    actor: text('actor', { enum: ['customer', 'system', 'operator'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.id)],
)
