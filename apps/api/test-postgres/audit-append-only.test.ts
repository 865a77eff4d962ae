import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '../src/db/tables/modules/customers'
import { operatorActions } from '../src/db/tables/modules/operator'
import { logAction } from '../src/modules/operator/operator-log'
import { type TestApp, buildTestApp, signUpVerified } from '../test/support'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ env: { JWT_SECRET: 'audit-append-only-secret-0123456789-abcdef' } })
})
afterAll(() => t.close())

describe('the audit trail on PostgreSQL (decision 133)', () => {
  it('refuses every UPDATE, DELETE and TRUNCATE of operator_actions, and the row stays as written', async () => {
    const { email } = await signUpVerified(t)
    const [customer] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email))
    await logAction(t, 'ops.audit', 'viewed_customer', { customerId: customer!.id, reason: 'a regulator asked' }, {})
    const [row] = await t.db.select().from(operatorActions).where(eq(operatorActions.customerId, customer!.id))
    expect(row).toMatchObject({ operator: 'ops.audit', action: 'viewed_customer', reason: 'a regulator asked' })

    await expect(
      t.db.update(operatorActions).set({ reason: 'changed afterwards' }).where(eq(operatorActions.id, row!.id)),
    ).rejects.toThrow()
    await expect(t.db.execute(sql`update operator_actions set customer_id = null`)).rejects.toThrow()
    await expect(t.db.delete(operatorActions).where(eq(operatorActions.id, row!.id))).rejects.toThrow()
    await expect(t.db.execute(sql`delete from operator_actions`)).rejects.toThrow()
    await expect(t.db.execute(sql`truncate operator_actions cascade`)).rejects.toThrow()

    const [after] = await t.db.select().from(operatorActions).where(eq(operatorActions.id, row!.id))
    expect(after).toEqual(row)
  })
})
