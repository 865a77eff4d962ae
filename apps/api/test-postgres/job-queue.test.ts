import { eq, sql } from 'drizzle-orm'
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { deliveries } from '../src/db/tables/modules/fulfilment'
import { devOutbox } from '../src/db/tables/providers/mail'
import type { LiquidityProvider } from '../src/providers/liquidity/liquidity.provider'
import type { RatesProvider } from '../src/providers/rates/rates.provider'
import { createSandboxRatesProvider } from '../src/providers/rates/sandbox-rates.provider'
import { loadTrading } from '../src/trading'
import {
  BRAND,
  COMPANY,
  type TestApp,
  buildTestApp,
  callPublic,
  callUser,
  storedOrder,
  uniqueEmail,
  wireOrderPaid,
} from '../test/support'

// Every process of one deployment shares the session secret (it also seals the queued mail) and the bank's key.
const JWT_SECRET = 'job-queue-test-secret-0123456789-abcdefghij'
const BANK_SECRET = 'test-bank-webhook-secret-0123456789'

async function jobRows(t: TestApp, name: string) {
  const result = (await t.db.execute(
    sql`SELECT state, retry_count, singleton_on FROM pgboss.job WHERE name = ${name} ORDER BY created_on`,
  )) as unknown as { rows: { state: string; retry_count: number; singleton_on: Date | null }[] }
  return result.rows
}

async function outboxTo(t: TestApp, email: string) {
  return t.db.select().from(devOutbox).where(eq(devOutbox.to, email))
}

function countingRates(counter: { reads: number }): RatesProvider {
  const sandbox = createSandboxRatesProvider(loadTrading(undefined).sandboxReference)
  return {
    source: sandbox.source,
    simulated: sandbox.simulated,
    async fetchMidPrices() {
      counter.reads += 1
      return sandbox.fetchMidPrices()
    },
  }
}

describe('two api processes on one PostgreSQL database, both running jobs', () => {
  const reads = { a: { reads: 0 }, b: { reads: 0 } }
  let a: TestApp
  let b: TestApp
  let startedAt: number
  beforeAll(async () => {
    startedAt = Date.now()
    const env = { JOBS_ENABLED: 'true', RATES_REFRESH_SECONDS: '1', JWT_SECRET }
    a = await buildTestApp({ env, ratesProvider: countingRates(reads.a) })
    b = await buildTestApp({ env, ratesProvider: countingRates(reads.b), sameDatabaseAs: a })
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  it('delivers a queued e-mail once, on its first run', async () => {
    const email = uniqueEmail('once')
    await callPublic(a.app, 'homesignup', {
      email,
      password: 'correct horse',
      token: 'DIRECT',
      companyDetails: COMPANY,
    })
    await vi.waitFor(async () => expect(await outboxTo(a, email)).toHaveLength(1), { timeout: 10_000, interval: 20 })
    await vi.waitFor(async () => expect((await jobRows(a, 'send-mail')).map((job) => job.state)).toEqual(['completed']))
    expect(await jobRows(a, 'send-mail')).toMatchObject([{ state: 'completed', retry_count: 0 }])
    expect(await outboxTo(a, email)).toHaveLength(1)
  })

  it('reads the price source once per period across both processes', async () => {
    await vi.waitFor(
      async () =>
        expect(
          (await jobRows(a, 'refresh-rates')).filter((job) => job.state === 'completed').length,
        ).toBeGreaterThanOrEqual(4),
      { timeout: 30_000, interval: 100 },
    )
    // A graceful stop lets a running job finish, so every read is counted below.
    await b.app.close()
    await a.app.close()
    const elapsedSeconds = (Date.now() - startedAt) / 1000
    const jobs = await jobRows(a, 'refresh-rates')
    const completed = jobs.filter((job) => job.state === 'completed')
    expect(jobs.every((job) => job.state === 'completed' || job.state === 'created')).toBe(true)
    // Each job read the source exactly once, and no process read it outside a job.
    expect(reads.a.reads + reads.b.reads).toBe(completed.length)
    // One job per one-second period, whichever process sent it.
    expect(new Set(jobs.map((job) => job.singleton_on?.toString())).size).toBe(jobs.length)
    expect(completed.length).toBeLessThanOrEqual(Math.ceil(elapsedSeconds) + 1)
  })
})

describe('an e-mail and a code job accepted by a process that is killed before its workers run', () => {
  let survivor: TestApp
  let child: ChildProcess | undefined
  beforeAll(async () => {
    survivor = await buildTestApp({ env: { JWT_SECRET } })
  })
  afterAll(async () => {
    child?.kill('SIGKILL')
    await survivor?.close()
  })

  it('are run by the other process, whose codes confirm the account and reset its password there', async () => {
    const port = 40_000 + Math.floor(Math.random() * 20_000)
    // The real server, from source, as its own process; without workers, so that the kill lands after the job is
    // stored and before any worker could run it.
    child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../src/server.ts', import.meta.url))], {
      // Only what the server reads: its configuration is all here, nothing leaks in from the test's environment.
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: survivor.databaseUrl,
        JWT_SECRET,
        DOCUMENTS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        JOBS_ENABLED: 'false',
        DEV_OUTBOX: 'true',
        WEB_DIST_DIR: '/nonexistent-web-dist',
      },
      stdio: 'ignore',
    })
    const exited = new Promise((resolve) => child?.once('exit', resolve))
    const base = `http://127.0.0.1:${port}`
    await vi.waitFor(async () => expect((await fetch(`${base}/healthz`).catch(() => undefined))?.status).toBe(200), {
      timeout: 90_000,
      interval: 200,
    })
    const email = uniqueEmail('crash')
    const answer = await fetch(`${base}/v1/public/homesignup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        brandName: BRAND,
        email,
        password: 'correct horse',
        token: 'DIRECT',
        companyDetails: COMPANY,
      }),
    })
    expect(await answer.json()).toEqual({ result: true })
    expect(await jobRows(survivor, 'send-mail')).toMatchObject([{ state: 'created' }])
    // The reset code is left to a job: the answer has gone, the code is not made yet.
    const reset = await fetch(`${base}/v1/public/homeStartResetPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ brandName: BRAND, email, companyDetails: COMPANY }),
    })
    expect(await reset.json()).toEqual({ result: true, retryAfterSeconds: 30 })
    expect(await jobRows(survivor, 'issue-code')).toMatchObject([{ state: 'created' }])

    child.kill('SIGKILL')
    await exited
    expect(await outboxTo(survivor, email)).toHaveLength(0)

    expect(await survivor.app.jobs.issueCodes()).toBe(1)
    expect(await survivor.app.jobs.deliverMail()).toBe(2)
    const codeIn = async (template: string) => {
      const mail = (await outboxTo(survivor, email)).find((message) => message.template === template)
      return mail?.text.match(/^\s*(\d{5})\s*$/m)?.[1]
    }
    const code = await codeIn('code_verify_email')
    expect(code).toBeDefined()
    expect((await callPublic(survivor.app, 'verifycode', { email, code })).body.result).toBe(true)
    const resetCode = await codeIn('code_reset')
    expect(resetCode).toBeDefined()
    const done = await callPublic(survivor.app, 'homeCompleteResetPassword', {
      email,
      code: resetCode,
      password: 'a new password',
    })
    expect(done.body.result).toBe(true)
    expect(await jobRows(survivor, 'send-mail')).toMatchObject([{ state: 'completed' }, { state: 'completed' }, {}])
    expect(await jobRows(survivor, 'issue-code')).toMatchObject([{ state: 'completed' }])
    // The child's start from source can take most of a minute on a busy machine.
  }, 150_000)
})

describe('a process killed while it settles an order', () => {
  const calls = { dying: 0, survivor: { buy: 0, withdraw: 0 } }
  /** The first buy fails (the order stays paid); the next one never answers: the process dies in it. */
  const dying: LiquidityProvider = {
    kind: 'sandbox',
    simulated: true,
    async buy() {
      calls.dying += 1
      if (calls.dying === 1) throw new Error('ETIMEDOUT')
      return new Promise(() => {})
    },
    // The hung buy never reached the provider's book.
    async findBuy() {
      return { state: 'not_found' }
    },
    async withdraw() {
      throw new Error('the dying process never gets this far')
    },
  }
  const healthy: LiquidityProvider = {
    kind: 'sandbox',
    simulated: true,
    async buy(order) {
      calls.survivor.buy += 1
      return { providerOrderId: `LP-${order.reference}`, filledPrice: order.price, cryptoAmount: order.cryptoAmount }
    },
    async findBuy() {
      return { state: 'not_found' }
    },
    async withdraw() {
      calls.survivor.withdraw += 1
      return { txId: `SIMULATED-${calls.survivor.withdraw}` }
    },
  }
  let dead: TestApp
  let survivor: TestApp
  beforeAll(async () => {
    const env = { JWT_SECRET, BANK_WEBHOOK_SECRET: BANK_SECRET }
    dead = await buildTestApp({ env, liquidityProvider: dying })
    survivor = await buildTestApp({ env, liquidityProvider: healthy, sameDatabaseAs: dead })
  })
  afterAll(async () => {
    await survivor?.close()
    await dead?.close()
  })

  it('leaves the order to the settlement job of the other process, which finishes it once', async () => {
    const { customer, reference } = await wireOrderPaid(dead, BANK_SECRET)
    expect((await storedOrder(dead, reference)).status).toBe('paid')
    // The customer's retry starts a run that takes the lease and then hangs in the buy: the process is gone.
    void callUser(dead.app, 'orderLpToBroker', customer.token, { orderReference: reference })
    await vi.waitFor(() => expect(calls.dying).toBe(2))
    expect((await storedOrder(survivor, reference)).settlementLeaseUntil).not.toBeNull()

    // While the dead run's lease holds, the other process leaves the order alone.
    survivor.clock.set(new Date(dead.clock.now().getTime() + 61_000))
    await survivor.app.jobs.runQueued('settle-waiting-orders')
    expect(calls.survivor.buy).toBe(0)

    // Once it lapses, the settlement job (through the queue) finishes the order.
    survivor.clock.set(new Date(dead.clock.now().getTime() + 3 * 60_000))
    expect(await survivor.app.jobs.runQueued('settle-waiting-orders')).toBe(1)
    const order = await storedOrder(survivor, reference)
    expect(order.status).toBe('completed')
    expect(calls.survivor).toEqual({ buy: 1, withdraw: 1 })
    expect(await survivor.db.select().from(deliveries).where(eq(deliveries.orderId, order.id))).toHaveLength(1)

    // A further run finds nothing to do.
    survivor.clock.set(new Date(dead.clock.now().getTime() + 6 * 60_000))
    await survivor.app.jobs.runQueued('settle-waiting-orders')
    expect(calls.survivor).toEqual({ buy: 1, withdraw: 1 })
    expect(await jobRows(survivor, 'settle-waiting-orders')).toHaveLength(3)
  })
})
