import { and, eq, inArray, sql } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { buyIntents, deliveries } from '../src/db/tables/modules/fulfilment'
import { customers } from '../src/db/tables/modules/customers'
import { devOutbox } from '../src/db/tables/providers/mail'
import { incomingTransfers } from '../src/db/tables/modules/intake'
import { orders } from '../src/db/tables/modules/orders'
import { payments } from '../src/db/tables/modules/payments'
import { BANK_SIGNATURE_HEADER } from '../src/providers/bank/bank-notification'
import { signNotice } from '../src/providers/signed-notice'
import {
  BTC_WALLET,
  COMPANY,
  type TestApp,
  buildTestApp,
  callUser,
  initiateBuy,
  payableBuyer,
  uniqueEmail,
} from '../test/support'
import { type Answer, type ApiProcess, DEPLOYMENT_SECRETS, namedConnections, startApiProcess } from './api-process'

const NAMES = ['api process a', 'api process b'] as const
const ORDERS = 4
const UNAVAILABLE = {
  status: 503,
  retryAfter: '15',
  body: { result: false, error: 'service_unavailable', retryAfterSeconds: 15 },
}

interface PaidOrder {
  token: string
  email: string
  reference: string
  /** The bank's notice of the transfer, the same body on every retry. */
  notice: string
}

describe('two api processes on one PostgreSQL database when every connection to it is dropped (issue 26)', () => {
  let t: TestApp
  let apis: ApiProcess[] = []
  let admin: pg.Client
  let database: string
  const holders: pg.Client[] = []
  const wired: PaidOrder[] = []

  beforeAll(async () => {
    t = await buildTestApp({ env: DEPLOYMENT_SECRETS })
    // The processes run on the real clock: the test's orders are made at the same time.
    t.clock.set(new Date())
    database = new URL(t.databaseUrl!).pathname.slice(1)
    admin = new pg.Client({ connectionString: inject('databaseUrl') })
    await admin.connect()
    for (let index = 0; index < ORDERS; index += 1) wired.push(await wireOrder(t))
    // Started together, as a deployment starts them.
    apis = await Promise.all(
      NAMES.map((name) => startApiProcess(namedConnections(t.databaseUrl!, name), { JOBS_ENABLED: 'true' })),
    )
  }, 240_000)
  afterAll(async () => {
    for (const api of apis) api.signal('SIGKILL')
    for (const holder of holders) await holder.end().catch(() => {})
    await admin?.end()
    await t?.close()
  })

  async function wireOrder(app: TestApp): Promise<PaidOrder> {
    const customer = await payableBuyer(app)
    const { reference } = (await initiateBuy(app, customer.token)).body.data
    const wire = await callUser(app.app, 'orderSubmitWire', customer.token, {
      orderReference: reference,
      tlId: 'sandbox-bank-1',
    })
    const notice = JSON.stringify({
      eventId: `evt_${randomBytes(4).toString('hex')}`,
      type: 'transfer.received',
      data: {
        transferId: `trf_${randomBytes(6).toString('hex')}`,
        amount: '250.00',
        currency: 'eur',
        payerName: 'Ada Lovelace',
        payerIban: 'CH9300762011623852957',
        paymentReference: reference,
        creditedIban: wire.body.data.iban,
        receivedAt: new Date().toISOString(),
      },
    })
    return { token: customer.token, email: customer.email, reference, notice }
  }

  /** The bank posts its notice, signed now. */
  const notify = (api: ApiProcess, order: PaidOrder) =>
    api.post('/v1/webhooks/bank-partner', order.notice, {
      [BANK_SIGNATURE_HEADER]: signNotice(
        Buffer.from(DEPLOYMENT_SECRETS.BANK_WEBHOOK_SECRET),
        order.notice,
        Math.floor(Date.now() / 1000),
      ),
    })

  /** A connection of the test's on the database that holds rows or tables in a transaction; its loss is expected. */
  async function holder(): Promise<{ client: pg.Client; pid: number }> {
    const client = new pg.Client({ connectionString: t.databaseUrl })
    client.on('error', () => {})
    holders.push(client)
    await client.connect()
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
    await client.query('BEGIN')
    return { client, pid: rows[0]!.pid }
  }

  async function statementsWaitingForLocks(): Promise<{ process: string; query: string }[]> {
    const { rows } = await admin.query<{ process: string; query: string }>(
      `SELECT application_name AS process, query FROM pg_stat_activity
        WHERE datname = $1 AND application_name = ANY($2) AND wait_event_type = 'Lock'`,
      [database, NAMES],
    )
    return rows
  }

  /** Ends the backends of the test's database (only those; the server is shared) and waits until they are gone. */
  async function dropConnections(which: 'all but' | 'only', pid: number) {
    const { rows } = await admin.query<{ pid: number }>(
      `SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = $1 AND (pid = $2) = $3`,
      [database, pid, which === 'only'],
    )
    expect(rows.length).toBeGreaterThan(0)
    const pids = rows.map((row) => row.pid)
    await vi.waitFor(
      async () =>
        expect((await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = ANY($1)', [pids])).rowCount).toBe(0),
      { timeout: 20_000, interval: 50 },
    )
    return pids.length
  }

  const grossOf = async (api: ApiProcess, token: string) => {
    const answer = await api.callUser('getGross', token)
    expect(answer.status).toBe(200)
    return (answer.body as { data: { details: { firstName: string | null } } }).data
  }

  it('answers the calls in flight 503 with Retry-After, stays up, and loses or repeats no payment, job or mail', async () => {
    const [a, b] = apis as [ApiProcess, ApiProcess]
    const pidsBefore = apis.map((api) => api.pid)
    const watched = wired[0]!
    const keptBefore = await grossOf(b, watched.token)

    // Payments in flight: the test holds the orders' rows, so each notice waits inside its transaction, with a
    // connection lent out of its process's pool. A job in flight: the code mails of two sign-ups wait at the outbox.
    const { client: rows, pid: holderPid } = await holder()
    await rows.query('SELECT 1 FROM orders WHERE reference = ANY($1) FOR UPDATE', [wired.map((o) => o.reference)])
    await rows.query('LOCK TABLE dev_outbox IN SHARE MODE')
    const signUps = [uniqueEmail('signup-a'), uniqueEmail('signup-b')]
    for (const [index, email] of signUps.entries()) {
      const answer = await apis[index]!.callPublic('homesignup', {
        email,
        password: 'correct horse',
        token: 'DIRECT',
        companyDetails: COMPANY,
      })
      expect(answer).toMatchObject({ status: 200, body: { result: true } })
    }
    const inFlight = wired.map((order, index) => notify(apis[index % 2]!, order))
    await vi.waitFor(
      async () => {
        const waiting = await statementsWaitingForLocks()
        for (const name of NAMES)
          expect(waiting.filter((w) => w.process === name && /from "orders".*for update/s.test(w.query))).toHaveLength(
            ORDERS / 2,
          )
        expect(waiting.filter((w) => w.query.startsWith('insert into "dev_outbox"')).length).toBeGreaterThan(0)
      },
      { timeout: 60_000, interval: 50 },
    )

    // Every connection of the database goes: first the processes' (and the test app's), then the test's holder.
    expect(await dropConnections('all but', holderPid)).toBeGreaterThanOrEqual(2 * 3)
    const answers: Answer[] = await Promise.all(inFlight)
    expect(answers).toEqual(wired.map(() => UNAVAILABLE))
    await dropConnections('only', holderPid)

    // Both processes are still the same processes, and ready again.
    expect(apis.map((api) => api.running())).toEqual([true, true])
    expect(apis.map((api) => api.pid)).toEqual(pidsBefore)
    for (const api of apis)
      await vi.waitFor(async () => expect((await fetch(`${api.url}/readyz`)).status).toBe(200), {
        timeout: 30_000,
        interval: 100,
      })

    // The bank retries each notice (here at the other process): each is taken now, once.
    for (const [index, order] of wired.entries())
      expect(await notify(apis[(index + 1) % 2]!, order)).toMatchObject({
        status: 200,
        body: { result: true, duplicate: false },
      })
    // And once more at both: nothing happens twice.
    for (const order of wired)
      for (const api of apis)
        expect(await notify(api, order)).toMatchObject({ status: 200, body: { result: true, duplicate: true } })

    const ids = (
      await t.db
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(
          inArray(
            orders.reference,
            wired.map((o) => o.reference),
          ),
        )
    ).map((order) => order.id)
    await vi.waitFor(
      async () => {
        const settled = await t.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, ids))
        expect(settled.map((order) => order.status)).toEqual(wired.map(() => 'completed'))
      },
      { timeout: 60_000, interval: 200 },
    )
    const perOrder = async (table: typeof deliveries | typeof buyIntents) =>
      (await t.db.select({ orderId: table.orderId }).from(table).where(inArray(table.orderId, ids)))
        .map((row) => row.orderId)
        .sort()
    expect(await perOrder(deliveries)).toEqual([...ids].sort())
    expect(await perOrder(buyIntents)).toEqual([...ids].sort())
    const succeeded = await t.db
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(and(inArray(payments.orderId, ids), eq(payments.status, 'succeeded')))
    expect(succeeded.map((row) => row.orderId).sort()).toEqual([...ids].sort())
    const transfers = await t.db
      .select({ id: incomingTransfers.id })
      .from(incomingTransfers)
      .where(inArray(incomingTransfers.orderId, ids))
    expect(transfers).toHaveLength(ORDERS)

    // The code mails whose delivery was cut off are sent once each, by the retry of their job.
    await vi.waitFor(
      async () => {
        const sent = await t.db
          .select({ to: devOutbox.to })
          .from(devOutbox)
          .where(and(inArray(devOutbox.to, signUps), eq(devOutbox.template, 'code_verify_email')))
        expect(sent.map((mail) => mail.to).sort()).toEqual([...signUps].sort())
      },
      { timeout: 60_000, interval: 200 },
    )

    // What a process kept from before the loss is not answered again: its answer is the other process's.
    const keptAfter = await grossOf(b, watched.token)
    expect(keptAfter).not.toEqual(keptBefore)
    expect(keptAfter).toEqual(await grossOf(a, watched.token))
    // Each process listens again: a change nobody announces is not seen (answers are kept again), an announced one is.
    const renameUnannounced = (firstName: string) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`)
        await tx.update(customers).set({ firstName }).where(eq(customers.email, watched.email))
      })
    let renames = 0
    await vi.waitFor(
      async () => {
        const before = await Promise.all(apis.map((api) => grossOf(api, watched.token)))
        renames += 1
        await renameUnannounced(`Unannounced ${renames}`)
        expect(await Promise.all(apis.map((api) => grossOf(api, watched.token)))).toEqual(before)
      },
      { timeout: 30_000, interval: 100 },
    )
    const ordered = await a.callUser('orderInitiateBuy', watched.token, {
      amount: '250',
      assetId: 'btc_eur',
      wallet: BTC_WALLET,
    })
    expect(ordered, JSON.stringify(ordered.body)).toMatchObject({ status: 200, body: { result: true } })
    const { reference } = (ordered.body as { data: { reference: string } }).data
    expect(JSON.stringify(await grossOf(b, watched.token))).toContain(reference)

    // Nothing went unhandled, and each still stops cleanly.
    for (const api of apis) expect(api.output()).not.toMatch(/Unhandled|uncaught|node:events/i)
    for (const api of apis) api.signal('SIGTERM')
    expect(await Promise.all(apis.map((api) => api.exited))).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ])
  }, 300_000)
})
