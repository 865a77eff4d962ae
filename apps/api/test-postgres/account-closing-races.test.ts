import { eq } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { customers } from '../src/db/tables/modules/customers'
import { orders } from '../src/db/tables/modules/orders'
import { type TestApp, buildTestApp, buyer, callUser, initiateBuy } from '../test/support'
import { lockHolder } from './lock-waits'

// Decision 121: an account is never closed with an order in progress. A new order and the closing race: the order's
// insert is held (a lock on the orders table from a connection of the test) after it read the customer, while the
// closing runs; released, the two must still end with one of them refused.

let t: TestApp
let holder: Awaited<ReturnType<typeof lockHolder>>
let admin: pg.Client
beforeAll(async () => {
  t = await buildTestApp()
  holder = await lockHolder(t.databaseUrl)
  admin = holder.client
})
afterAll(async () => {
  await holder?.end()
  await t?.close()
})

/** Whether a statement of the app waits on a lock, its text starting with `start`. */
const waiting = async (start: string) => (await holder.waiting(start)) > 0

describe('closing the account while an order is being made', () => {
  it('either refuses the closing, naming the order, or refuses the order: never a closed account with an order', async () => {
    const customer = await buyer(t)
    await admin.query('BEGIN')
    await admin.query('LOCK TABLE orders IN SHARE MODE')
    const ordering = initiateBuy(t, customer.token)
    await vi.waitFor(async () => expect(await waiting('insert into "orders"')).toBe(true), { timeout: 30_000 })

    const closing = callUser(t.app, 'closeAccount', customer.token, { currentPassword: customer.password })
    let closingDone = false
    void closing.then(() => (closingDone = true))
    // The closing either finishes (nothing holds the customer) or waits for the order's hold on the customer.
    await vi.waitFor(async () => expect(closingDone || (await waiting('select'))).toBe(true), { timeout: 30_000 })
    await admin.query('COMMIT')

    const [made, closed] = await Promise.all([ordering, closing])
    const [row] = await t.db.select().from(customers).where(eq(customers.email, customer.email))
    const theirs = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.customerId, row!.id))
    expect({ order: made.body.result, closed: closed.body.closed ?? closed.body.error }).toEqual({
      order: true,
      closed: false,
    })
    expect(row!.closedAt).toBeNull()
    expect(theirs).toEqual([{ status: 'initiated' }])
  })
})
