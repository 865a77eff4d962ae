// Column kinds the tables of every module share.
import { customType, timestamp } from 'drizzle-orm/pg-core'

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** Raw bytes: encrypted document contents, kept in the database so every api process reads the same files. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})
