import { eq } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { customers } from '../src/db/tables/modules/customers'
import { deliveries } from '../src/db/tables/modules/fulfilment'
import {
  type TestApp,
  buildTestApp,
  callUser,
  payableBuyer,
  refusableLiquidity,
  storedOrder,
  wireOrderPaid,
} from '../test/support'
import { lockHolder } from './lock-waits'

// Decision 126: a security change and the withdrawals of two paid orders to a new wallet, on two api processes. The
// change holds the customer's row first (a connection of the test holds it, then lets go): both withdrawals wait for
// the change to commit, see it, and send nothing. When the hold has passed, both processes sweep at once: each order
// goes out once.

const SECRET = 'test-bank-webhook-secret-0123456789'
const ENV = { BANK_WEBHOOK_SECRET: SECRET, SESSION_HOURS: '240' }
const HOUR = 3_600_000

const liquidity = refusableLiquidity()
const withdrawn = liquidity.state.withdrawn

let one: TestApp
let two: TestApp
let holder: Awaited<ReturnType<typeof lockHolder>>
let admin: pg.Client
beforeAll(async () => {
  one = await buildTestApp({ env: ENV, liquidityProvider: liquidity.provider })
  two = await buildTestApp({ env: ENV, liquidityProvider: liquidity.provider, sameDatabaseAs: one, clock: one.clock })
  holder = await lockHolder(one.databaseUrl)
  admin = holder.client
})
afterAll(async () => {
  await holder?.end()
  await two?.close()
  await one?.close()
})

const waitingCount = (start: string) => holder.waiting(start)

describe('a security change racing the withdrawals of two orders on two processes', () => {
  it('holds both when the change commits first, then sends each once when the hold has passed', async () => {
    await one.app.jobs.refreshRates()
    liquidity.state.refuse = 2
    const customer = await payableBuyer(one)
    // Two paid orders whose coins are bought, their withdrawals refused so far: `processing`, nothing sent.
    const first = await wireOrderPaid(one, SECRET, 'Ada Lovelace', customer)
    const second = await wireOrderPaid(one, SECRET, 'Ada Lovelace', customer)
    for (const { reference } of [first, second])
      expect(await storedOrder(one, reference)).toMatchObject({ status: 'processing', withdrawalRequestedAt: null })
    one.clock.advance(61_000)

    // The test holds the customer's row; the password change queues for it, then both sweeps do.
    const [row] = await one.db.select({ id: customers.id }).from(customers).where(eq(customers.email, customer.email))
    await admin.query('BEGIN')
    await admin.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [row!.id])
    const change = callUser(one.app, 'changePassword', customer.token, {
      currentPassword: customer.password,
      newPassword: 'a brand new phrase',
    })
    await vi.waitFor(async () => expect(await waitingCount('update "customers"')).toBe(1), { timeout: 30_000 })
    const sweeps = Promise.all([one.app.jobs.settleWaitingOrders(), two.app.jobs.settleWaitingOrders()])
    await vi.waitFor(async () => expect(await waitingCount('select')).toBeGreaterThanOrEqual(1), { timeout: 30_000 })
    await admin.query('COMMIT')
    expect((await change).body).toMatchObject({ result: true })
    await sweeps

    expect(withdrawn).toEqual([])
    const until = new Date(one.clock.now().getTime() + 24 * HOUR).toISOString()
    for (const { reference } of [first, second]) {
      const held = await storedOrder(one, reference)
      expect(held).toMatchObject({ status: 'processing', withdrawalRequestedAt: null })
      expect(held.payoutHeldUntil?.toISOString()).toBe(until)
    }

    // A day on, both processes sweep at the same time: each order is sent once and completes.
    one.clock.advance(24 * HOUR + 1000)
    await Promise.all([one.app.jobs.settleWaitingOrders(), two.app.jobs.settleWaitingOrders()])
    await Promise.all([one.app.jobs.settleWaitingOrders(), two.app.jobs.settleWaitingOrders()])
    expect([...withdrawn].sort()).toEqual([first.reference, second.reference].sort())
    for (const { reference } of [first, second]) {
      const done = await storedOrder(one, reference)
      expect(done.status).toBe('completed')
      expect(await one.db.select().from(deliveries).where(eq(deliveries.orderId, done.id))).toHaveLength(1)
    }
  })
})
