import { eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { customers } from '../src/db/tables/modules/customers'
import { orders } from '../src/db/tables/modules/orders'
import { requestKeys } from '../src/db/tables/modules/request-keys'
import {
  BRAND,
  BTC_WALLET,
  COMPANY,
  type TestApp,
  buildTestApp,
  declareSourceOfFunds,
  signAgreement,
  signUpVerified,
  uniqueEmail,
} from '../test/support'
import { type ApiProcess, DEPLOYMENT_SECRETS, startApiProcess } from './api-process'

const ROUNDS = 4
const ORDER = { amount: '250', assetId: 'btc_eur', wallet: BTC_WALLET }

/** Two api processes on one PostgreSQL database, each with its own connection pool (and one signing key). */
let one: TestApp
let two: TestApp
let admin: pg.Client
beforeAll(async () => {
  // The secrets of one deployment, so that the servers started below take the sessions made here.
  one = await buildTestApp({ env: DEPLOYMENT_SECRETS })
  two = await buildTestApp({ env: DEPLOYMENT_SECRETS, sameDatabaseAs: one, clock: one.clock })
  // The servers run on the real clock: sessions and prices are made at the same time.
  one.clock.set(new Date())
  admin = new pg.Client({ connectionString: one.databaseUrl })
  await admin.connect()
  await one.app.jobs.refreshRates()
})
afterAll(async () => {
  await admin.end()
  await two.close()
  await one.close()
})

async function send(
  t: TestApp,
  scope: 'public' | 'user',
  name: string,
  payload: Record<string, unknown>,
  { key, token }: { key: string; token?: string },
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/${scope}/${name}`,
    payload: { brandName: BRAND, ...payload },
    headers: { 'idempotency-key': key, ...(token && { authorization: `Bearer ${token}` }) },
  })
  return { status: response.statusCode, body: response.json(), replayed: response.headers['idempotent-replayed'] }
}

async function orderingCustomer() {
  const customer = await signUpVerified(one)
  await declareSourceOfFunds(one, customer.token)
  await signAgreement(one, customer.token)
  const [row] = await one.db.select({ id: customers.id }).from(customers).where(eq(customers.email, customer.email))
  return { ...customer, id: row!.id }
}

const ordersOf = (customerId: string) => one.db.select().from(orders).where(eq(orders.customerId, customerId))

/** Backends of the test's database waiting on a lock, whoever holds it. */
async function waitingOnLocks(): Promise<number> {
  const { rows } = await admin.query<{ count: string }>(
    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
  )
  return Number(rows[0]!.count)
}

describe('one Idempotency-Key sent to two processes at once', () => {
  it('orderInitiateBuy: one order, and both answers are the same', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const customer = await orderingCustomer()
      const key = randomUUID()
      const answers = await Promise.all(
        [one, two].map((t) => send(t, 'user', 'orderInitiateBuy', ORDER, { key, token: customer.token })),
      )
      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      expect(answers[1]!.body).toEqual(answers[0]!.body)
      expect(answers.filter((answer) => answer.replayed === 'true')).toHaveLength(1)
      expect((await ordersOf(customer.id)).map((order) => order.reference)).toEqual([answers[0]!.body.data.reference])
    }
  })

  it('orderInitiateBuy: the second waits while the first is still in its transaction, then answers its order', async () => {
    const customer = await orderingCustomer()
    const key = randomUUID()
    // The first request to take the key is held inside its transaction (its order's row needs the customer's row,
    // which this connection holds), so the other arrives while the key is in flight.
    await admin.query('BEGIN')
    await admin.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customer.id])
    const answers = Promise.all([
      send(one, 'user', 'orderInitiateBuy', ORDER, { key, token: customer.token }),
      send(two, 'user', 'orderInitiateBuy', ORDER, { key, token: customer.token }),
    ])
    try {
      // One waits for the customer's row, the other for the first's key.
      await vi.waitFor(async () => expect(await waitingOnLocks()).toBeGreaterThanOrEqual(2), {
        timeout: 20_000,
        interval: 50,
      })
    } finally {
      await admin.query('COMMIT')
    }
    const [first, second] = await answers
    expect([first.status, second.status]).toEqual([200, 200])
    expect(second.body).toEqual(first.body)
    expect([first, second].filter((answer) => answer.replayed === 'true')).toHaveLength(1)
    expect(await ordersOf(customer.id)).toHaveLength(1)
    expect(await one.db.select().from(requestKeys).where(eq(requestKeys.key, key))).toHaveLength(1)
  })

  it('orderInitiateBuy with two bodies: one order, the other refused with idempotency_key_reused', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const customer = await orderingCustomer()
      const key = randomUUID()
      const answers = await Promise.all([
        send(one, 'user', 'orderInitiateBuy', ORDER, { key, token: customer.token }),
        send(two, 'user', 'orderInitiateBuy', { ...ORDER, amount: '300' }, { key, token: customer.token }),
      ])
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422])
      const made = answers.find((answer) => answer.status === 200)!
      expect(answers.find((answer) => answer.status === 422)!.body).toEqual({
        result: false,
        error: 'idempotency_key_reused',
      })
      expect((await ordersOf(customer.id)).map((order) => order.reference)).toEqual([made.body.data.reference])
    }
  })

  it('homesignup: one account, and both answers are the success', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const email = uniqueEmail('race')
      const key = randomUUID()
      const payload = { email, password: 'secret1', token: 'DIRECT', companyDetails: COMPANY }
      const answers = await Promise.all([one, two].map((t) => send(t, 'public', 'homesignup', payload, { key })))
      expect(answers.map(({ status, body }) => ({ status, body }))).toEqual([
        { status: 200, body: { result: true } },
        { status: 200, body: { result: true } },
      ])
      expect(await one.db.select().from(customers).where(eq(customers.email, email))).toHaveLength(1)
    }
  })
})

describe('servers of their own, as a deployment runs them', () => {
  let servers: ApiProcess[] = []
  beforeAll(async () => {
    servers = await Promise.all([startApiProcess(one.databaseUrl!), startApiProcess(one.databaseUrl!)])
  }, 240_000)
  afterAll(() => {
    for (const server of servers) if (server.running()) server.signal('SIGKILL')
  })

  async function post(server: ApiProcess, key: string, token: string) {
    const response = await fetch(`${server.url}/v1/user/orderInitiateBuy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key, authorization: `Bearer ${token}` },
      body: JSON.stringify({ brandName: BRAND, ...ORDER }),
    })
    return {
      status: response.status,
      body: (await response.json()) as { data: { reference: string } },
      replayed: response.headers.get('idempotent-replayed'),
    }
  }

  it('orderInitiateBuy with one key, sent to both at once: one order, and both answers are the same', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const customer = await orderingCustomer()
      const key = randomUUID()
      const answers = await Promise.all(servers.map((server) => post(server, key, customer.token)))
      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      expect(answers[1]!.body).toEqual(answers[0]!.body)
      expect(answers.filter((answer) => answer.replayed === 'true')).toHaveLength(1)
      expect((await ordersOf(customer.id)).map((order) => order.reference)).toEqual([answers[0]!.body.data.reference])
    }
  })

  it('a server killed while its request holds the key: the retry on the other makes the one order', async () => {
    const customer = await orderingCustomer()
    const key = randomUUID()
    const [doomed, other] = servers as [ApiProcess, ApiProcess]
    await admin.query('BEGIN')
    await admin.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customer.id])
    try {
      const lost = post(doomed, key, customer.token).catch(() => 'no answer' as const)
      // Its transaction holds the key and waits for the customer's row.
      await vi.waitFor(async () => expect(await waitingOnLocks()).toBe(1), { timeout: 20_000, interval: 50 })
      doomed.signal('SIGKILL')
      await doomed.exited
      expect(await lost).toBe('no answer')
    } finally {
      await admin.query('COMMIT')
    }
    // The killed server's transaction ends with its connection, and the key with it.
    const retry = await post(other, key, customer.token)
    expect(retry.status).toBe(200)
    expect(retry.replayed).toBeNull()
    expect((await ordersOf(customer.id)).map((order) => order.reference)).toEqual([retry.body.data.reference])
  })
})
