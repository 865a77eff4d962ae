// `npm run bench:load`: 200 simulated customers at once, each from sign-up to a paid sandbox order, against one api
// process on a fresh PostgreSQL database (TEST_DATABASE_URL names the server). Prints errors (there must be none) and
// p50/p99 per call. A benchmark, not a test: nothing in CI runs it.
//
// Every customer calls from an address of its own (X-Forwarded-For behind one trusted proxy hop), so the default rate
// limits apply to each as they do in production; none is raised for the run. The one limit set for the run is how
// long a sign-up or login may queue for its password hash (PASSWORD_HASH_MAX_WAIT_MS, 3 s by default, decision 032):
// 200 sign-ups in the same instant queue 200 hashes on one core, and by default most are answered "busy, try again"
// (503 with retryAfterSeconds), which this script would count as errors; `LOAD_HASH_WAIT_MS` sets it (default 60 s).
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { PAID_STATUSES } from '@exchange/shared/order-rules'
import { BANK_SIGNATURE_HEADER } from '../apps/api/src/providers/bank/bank-notification'
import { signNotice } from '../apps/api/src/providers/signed-notice'
import { ADA_DETAILS, COMPANY, SOURCE_OF_FUNDS } from '../apps/api/test/support/customer-fixtures'
import { sandboxSignature } from './sandbox-signature'

const CUSTOMERS = Number(process.env.LOAD_CUSTOMERS ?? 200)
const SERVER_URL = process.env.TEST_DATABASE_URL
const BRAND = 'Helvex'
const PASSWORD = 'a load-test password'
/** How long a customer waits for what the app does in the background (the mailed code, the signed agreement). */
const WAIT_LIMIT_MS = 120_000
const HASH_WAIT_MS = process.env.LOAD_HASH_WAIT_MS ?? '60000'
const POLL_MS = 100
const BANK_SECRET = randomBytes(24).toString('hex')
const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** Latencies per call (ms), and the failures, as the customers met them. */
const timings = new Map<string, number[]>()
const failures: string[] = []

function record(name: string, ms: number) {
  const list = timings.get(name) ?? []
  list.push(ms)
  timings.set(name, list)
}

class CallFailed extends Error {}

interface Answer {
  status: number
  body: { result?: boolean; error?: string; data?: Record<string, unknown>; code?: boolean; outcome?: string }
  cookies: string[]
}

/** One simulated customer's connection to the app: its own address, its session and trusted-device cookie. */
function customerClient(appUrl: string, address: string) {
  let token: string | undefined
  let cookie: string | undefined
  async function call(name: string, path: string, init: { body: string; contentType: string }, expected = 200) {
    const started = performance.now()
    const response = await fetch(`${appUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': init.contentType,
        'x-forwarded-for': address,
        ...(token && { authorization: `Bearer ${token}` }),
        ...(cookie && { cookie }),
      },
      body: init.body,
    })
    const text = await response.text()
    record(name, performance.now() - started)
    const answer: Answer = {
      status: response.status,
      body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {},
      cookies: response.headers.getSetCookie(),
    }
    if (response.status !== expected || answer.body.result === false)
      throw new CallFailed(`${name}: ${response.status} ${text.slice(0, 200)}`)
    return answer
  }
  return {
    api: (name: string, scope: 'public' | 'user', payload: object = {}) =>
      call(name, `/v1/${scope}/${name}`, {
        body: JSON.stringify({ brandName: BRAND, ...payload }),
        contentType: 'application/json',
      }),
    form: (name: string, path: string, fields: Record<string, string>) =>
      call(
        name,
        path,
        { body: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded' },
        303,
      ),
    notice: (name: string, path: string, body: string, headers: Record<string, string>) =>
      fetch(`${appUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      }).then(async (response) => {
        const text = await response.text()
        if (!response.ok) throw new CallFailed(`${name}: ${response.status} ${text.slice(0, 200)}`)
        return JSON.parse(text) as Answer['body']
      }),
    signIn(answer: Answer) {
      token = answer.body.data?.token as string
      const device = answer.cookies.map((line) => line.split(';')[0]!).find((pair) => pair.startsWith('trustedDevice='))
      if (device) cookie = device
    },
  }
}

/** Waits for what the app does after an answer, as a customer waits; the wait is recorded under `name`. */
async function waitFor<T>(name: string, probe: () => Promise<T | undefined>): Promise<T> {
  const started = performance.now()
  for (;;) {
    const found = await probe()
    if (found !== undefined) {
      record(name, performance.now() - started)
      return found
    }
    if (performance.now() - started > WAIT_LIMIT_MS) throw new CallFailed(`${name}: nothing after ${WAIT_LIMIT_MS} ms`)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/** One customer, from sign-up to a paid order, as the web makes the calls. */
async function customerJourney(appUrl: string, db: pg.Pool, n: number) {
  const email = `load.${n}.${randomBytes(4).toString('hex')}@example.com`
  const client = customerClient(appUrl, `10.20.${Math.floor(n / 250)}.${(n % 250) + 1}`)
  const { api } = client

  await api('homesignup', 'public', { email, password: PASSWORD, token: 'DIRECT', companyDetails: COMPANY })
  // The code as the tests read it: the newest message in the dev outbox.
  const code = await waitFor('(wait) e-mailed code', async () => {
    const { rows } = await db.query<{ text: string }>(
      'SELECT text FROM dev_outbox WHERE "to" = $1 ORDER BY id DESC LIMIT 1',
      [email],
    )
    return rows[0]?.text.match(/^\s*(\d{5})\s*$/m)?.[1]
  })
  client.signIn(await api('verifycode', 'public', { email, code }))
  // Signed in again on the device the code trusted: no second code.
  const login = await api('homelogin', 'public', { email, password: PASSWORD, companyDetails: COMPANY })
  if (login.body.code) throw new CallFailed('homelogin: asked for a code on a trusted device')
  client.signIn(login)

  // The steps that hold back an order, as journeyStatus names them.
  const journey = await api('journeyStatus', 'user')
  const blocked = journey.body.data?.blocked as { start_order: string | null }
  if (blocked.start_order === 'source_of_funds') {
    await api('saveSourceOfFunds', 'user', { answers: SOURCE_OF_FUNDS })
  }
  await api('saveClientDetails', 'user', ADA_DETAILS)
  const signerName = `${ADA_DETAILS.firstName} ${ADA_DETAILS.lastName}`
  const started = await api('startDocusign', 'user', { signerName })
  const signing = sandboxSignature(started.body.data?.signingUrl as string, signerName)
  await client.form('sandbox esign: sign', signing.path, signing.fields)
  await waitFor('(wait) nothing holds an order back', async () => {
    const status = await api('journeyStatus', 'user')
    const step = (status.body.data?.blocked as { start_order: string | null }).start_order
    if (step !== null && step !== 'agreement') throw new CallFailed(`journeyStatus: ${step} still holds an order back`)
    return step === null ? true : undefined
  })

  await api('getHpRates', 'public')
  const order = await api('orderInitiateBuy', 'user', { amount: '250', assetId: 'btc_eur', wallet: '' })
  const reference = order.body.data?.reference as string
  await api('orderBuyGetMethods', 'user', { orderReference: reference })
  const wire = await api('orderSubmitWire', 'user', { orderReference: reference, tlId: 'sandbox-bank-1' })

  // The bank partner's signed notice of the customer's transfer, as the api tests send it.
  const body = JSON.stringify({
    eventId: `evt_${randomBytes(6).toString('hex')}`,
    type: 'transfer.received',
    data: {
      transferId: `trf_${randomBytes(8).toString('hex')}`,
      amount: '250.00',
      currency: 'eur',
      payerName: `${ADA_DETAILS.firstName} ${ADA_DETAILS.lastName}`,
      payerIban: 'CH9300762011623852957',
      paymentReference: reference,
      creditedIban: wire.body.data?.iban,
      receivedAt: new Date().toISOString(),
    },
  })
  const noticeStarted = performance.now()
  const signature = signNotice(Buffer.from(BANK_SECRET), body, Math.floor(Date.now() / 1000))
  const noticed = await client.notice('bank notice', '/v1/webhooks/bank-partner', body, {
    [BANK_SIGNATURE_HEADER]: signature,
  })
  record('bank notice (webhook)', performance.now() - noticeStarted)
  if (noticed.result !== true) throw new CallFailed(`bank notice: ${JSON.stringify(noticed)}`)

  const detail = await api('getOrderDetail', 'user', { orderReference: reference })
  const status = (detail.body.data?.order as { statusName: string }).statusName
  if (!(PAID_STATUSES as readonly string[]).includes(status))
    throw new CallFailed(`getOrderDetail: order ${reference} is ${status}, not paid`)
  const history = await api('getHistory', 'user', { page: 1, pageSize: 10 })
  const listed = (history.body.data?.orders as { orderReference: string }[]).map((row) => row.orderReference)
  if (!listed.includes(reference)) throw new CallFailed(`getHistory: order ${reference} not listed`)
  await api('getGross', 'user')
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: SERVER_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/**
 * The api as deployed, in its own process: the server entry point, sandbox parties, jobs running. The brand asks the
 * UK steps by residence (decision 040), as the api tests' brand does: the customers live and call from Switzerland.
 */
function startApp(databaseUrl: string, port: number): ChildProcess {
  const brandFile = join(mkdtempSync(join(tmpdir(), 'load-brand-')), 'brand.json')
  writeFileSync(brandFile, JSON.stringify({ ukCheckMode: 'residence' }))
  return spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DOCUMENTS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      BANK_WEBHOOK_SECRET: BANK_SECRET,
      DEV_OUTBOX: 'true',
      TEST_CONTROLS: 'false',
      BRAND_FILE: brandFile,
      TRUST_PROXY_HOPS: '1',
      PASSWORD_HASH_MAX_WAIT_MS: HASH_WAIT_MS,
      GEOIP_PROVIDER: 'sandbox',
      SANDBOX_GEOIP_COUNTRY: 'CH',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    },
  })
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0
}

async function main() {
  if (!SERVER_URL)
    throw new Error('TEST_DATABASE_URL must name a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test')
  const name = `load_${randomBytes(6).toString('hex')}`
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(SERVER_URL)
  url.pathname = `/${name}`
  const port = await freePort()
  const app = startApp(url.toString(), port)
  const appUrl = `http://127.0.0.1:${port}`
  const db = new pg.Pool({ connectionString: url.toString(), max: 4 })
  try {
    await waitFor('(start) app ready', async () => {
      const ready = await fetch(`${appUrl}/v1/public/getHpRates`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ brandName: BRAND }),
      }).catch(() => undefined)
      return ready?.ok ? true : undefined
    })
    timings.clear()
    const started = performance.now()
    const outcomes = await Promise.allSettled(
      Array.from({ length: CUSTOMERS }, (_, n) =>
        customerJourney(appUrl, db, n).catch((error: unknown) => {
          failures.push(error instanceof Error ? error.message : String(error))
          throw error
        }),
      ),
    )
    const seconds = (performance.now() - started) / 1000
    const paid = outcomes.filter((outcome) => outcome.status === 'fulfilled').length

    console.log(
      `\n${CUSTOMERS} customers at once, one api process on PostgreSQL (${name}), ${seconds.toFixed(1)} s; ` +
        `password hashes may queue ${HASH_WAIT_MS} ms`,
    )
    console.log(`paid orders: ${paid}; errors: ${failures.length}\n`)
    console.log(
      'call'.padEnd(36) + 'count'.padStart(7) + 'p50 ms'.padStart(10) + 'p99 ms'.padStart(10) + 'max ms'.padStart(10),
    )
    for (const [call, list] of timings) {
      const sorted = [...list].sort((a, b) => a - b)
      console.log(
        call.padEnd(36) +
          String(sorted.length).padStart(7) +
          percentile(sorted, 50).toFixed(0).padStart(10) +
          percentile(sorted, 99).toFixed(0).padStart(10) +
          (sorted.at(-1) ?? 0).toFixed(0).padStart(10),
      )
    }
    for (const failure of [...new Set(failures)].slice(0, 20)) console.log(`error: ${failure}`)
    process.exitCode = failures.length === 0 ? 0 : 1
  } finally {
    await db.end()
    app.kill('SIGTERM')
    await new Promise((resolve) => app.once('exit', resolve))
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
