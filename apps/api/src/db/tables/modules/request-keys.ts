import { bigserial, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { customers } from './customers'

/**
 * The calls sent with an Idempotency-Key (decision 092), each kept for at least a day: the key is taken in the
 * transaction of the call's effect and the first request's outcome is kept with it, so that a retry, in any process,
 * answers that outcome and takes no effect of its own. The request's body is kept only as a keyed digest (a sign-up's
 * carries a password).
 */
export const requestKeys = pgTable(
  'request_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The route, e.g. `/v1/user/orderInitiateBuy`: a key names one action of one call. */
    call: text('call').notNull(),
    /** The signed-in customer who sent it; none on a public call (sign-up), where the key alone names the action. */
    customerId: uuid('customer_id').references(() => customers.id),
    key: text('key').notNull(),
    /** HMAC-SHA256 of the request's body: a retry must send the same body. */
    bodyDigest: text('body_digest').notNull(),
    /** The first request's outcome, from which the route makes the same answer again; set in the same transaction. */
    outcome: jsonb('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('request_keys_call_customer_key_unique').on(table.call, table.customerId, table.key).nullsNotDistinct(),
    index('request_keys_created_idx').on(table.createdAt),
  ],
)
