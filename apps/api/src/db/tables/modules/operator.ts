import { bigserial, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../columns'
import { incomingTransfers } from './intake'
import { orders } from './orders'

/** Who did what, when: every operator action, for the audit trail. */
export const operatorActions = pgTable('operator_actions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  operator: text('operator').notNull(),
  action: text('action').notNull(),
  orderId: uuid('order_id').references(() => orders.id),
  transferId: uuid('transfer_id').references(() => incomingTransfers.id),
  detail: jsonb('detail').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
})
