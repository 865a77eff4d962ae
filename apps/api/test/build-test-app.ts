import { randomBytes } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { inject } from 'vitest'
import { buildApp } from '../src/app'
import type { Clock } from '../src/clock'
import { type Env, loadConfig } from '../src/config'
import { type Database, type DatabaseHandle, openDatabase } from '../src/db/client'
import { devOutbox, orders } from '../src/db/schema'
import { BANK_SIGNATURE_HEADER } from '../src/providers/bank/bank-notification'
import type { BankPartnerProvider } from '../src/providers/bank/bank-partner.provider'
import type { LiquidityProvider } from '../src/providers/liquidity/liquidity.provider'
import type { MailTransport } from '../src/providers/mail/mail.provider'
import type { RatesProvider } from '../src/providers/rates/rates.provider'
import { signNotice } from '../src/providers/signed-notice'
import { createTestClock } from './test-clock'

export interface TestApp {
  app: FastifyInstance
  db: Database
  clock: ReturnType<typeof createTestClock>
  close(): Promise<void>
}

/** A database of its own for each test app: a fresh in-memory PGlite, or a fresh database on the PostgreSQL server. */
async function openTestDatabase(): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const serverUrl = inject('databaseUrl')
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite', dataDir: undefined })
    return { handle, drop: async () => {} }
  }
  const name = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() })
  return {
    handle,
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await cleanup.end()
    },
  }
}

/** The production app (the same `buildApp`), on a database of its own, with a clock the test moves. */
export async function buildTestApp(
  options: {
    env?: Partial<Env>
    clock?: Clock
    mailTransport?: MailTransport
    logLines?: string[]
    ratesProvider?: RatesProvider
    bankPartner?: BankPartnerProvider
    liquidityProvider?: LiquidityProvider
  } = {},
): Promise<TestApp> {
  const clock = createTestClock()
  const { handle, drop } = await openTestDatabase()
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEV_OUTBOX: 'true',
    RATE_LIMIT_IP_PER_MINUTE: '1000',
    RATE_LIMIT_EMAIL_PER_15_MINUTES: '1000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Jobs run by hand in tests (app.jobs), on the test clock.
    JOBS_ENABLED: 'false',
    ...options.env,
  })
  const app = await buildApp(config, {
    database: handle,
    clock: options.clock ?? clock,
    logger: options.logLines ? { write: (line: string) => void options.logLines?.push(line) } : false,
    ...(options.mailTransport && { mailTransport: options.mailTransport }),
    ...(options.ratesProvider && { ratesProvider: options.ratesProvider }),
    ...(options.bankPartner && { bankPartner: options.bankPartner }),
    ...(options.liquidityProvider && { liquidityProvider: options.liquidityProvider }),
  })
  await app.ready()
  return {
    app,
    db: handle.db,
    clock,
    async close() {
      await app.close()
      await handle.close()
      await drop()
    },
  }
}

export const BRAND = 'Helvex'
export const COMPANY = { name: 'Helvex Digital Markets AG', address: 'Baarerstrasse 14, 6300 Zug, Switzerland' }

export function uniqueEmail(label = 'customer'): string {
  return `${label}.${randomBytes(5).toString('hex')}@example.com`
}

export async function callPublic(
  app: FastifyInstance,
  name: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: `/v1/public/${name}`,
    payload: { brandName: BRAND, ...payload },
    headers,
  })
  return { status: response.statusCode, body: response.json(), headers: response.headers, cookies: response.cookies }
}

export async function callUser(
  app: FastifyInstance,
  name: string,
  token: string | undefined,
  payload: Record<string, unknown> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: `/v1/user/${name}`,
    payload: { brandName: BRAND, ...payload },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  return { status: response.statusCode, body: response.json() }
}

/** The messages sent to an address, newest first, as the dev outbox keeps them. */
export async function mailTo(db: Database, email: string) {
  return db.select().from(devOutbox).where(eq(devOutbox.to, email)).orderBy(desc(devOutbox.id))
}

/** The code in the newest message to an address, read from the mail as a person reads it. */
export async function latestCode(db: Database, email: string): Promise<string> {
  const [message] = await mailTo(db, email)
  const code = message?.text.match(/^\s*(\d{5})\s*$/m)?.[1]
  if (!code) throw new Error(`no code mailed to ${email}`)
  return code
}

/** Signs up and confirms the e-mail; answers the session token and the trusted-device cookie. */
export async function signUpVerified(t: TestApp, email = uniqueEmail(), password = 'correct horse') {
  await callPublic(t.app, 'homesignup', { email, password, token: 'DIRECT', companyDetails: COMPANY })
  const code = await latestCode(t.db, email)
  const verified = await callPublic(t.app, 'verifycode', { email, code })
  const device = verified.cookies.find((cookie) => cookie.name === 'trustedDevice')?.value
  return { email, password, token: verified.body.data.token as string, device: device as string }
}

export const BTC_WALLET = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'
export const ETH_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

/** A signed-in customer with prices in place, ready to buy. */
export async function buyer(t: TestApp) {
  await t.app.jobs.refreshRates()
  return signUpVerified(t)
}

export async function initiateBuy(
  t: TestApp,
  token: string,
  payload: Partial<{ amount: string; assetId: string; wallet: string }> = {},
) {
  return callUser(t.app, 'orderInitiateBuy', token, {
    amount: '250',
    assetId: 'btc_eur',
    wallet: BTC_WALLET,
    ...payload,
  })
}

/** Writes a trading configuration file for TRADING_FILE and answers its path. */
export async function tradingFile(content: Record<string, unknown>): Promise<string> {
  const { mkdtempSync, writeFileSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const file = join(mkdtempSync(join(tmpdir(), 'trading-')), 'trading.json')
  writeFileSync(file, JSON.stringify(content))
  return file
}

/** Details of a customer whose name matches the sample payer name "Ada Lovelace". */
export const ADA_DETAILS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: 'Bahnhofstrasse 1',
  city: 'Zürich',
  postal: '8001',
  country: 'CH',
  phone: '+41446681800',
}

/** The order as stored, by its reference. */
export async function storedOrder(t: TestApp, reference: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.reference, reference))
  if (!order) throw new Error(`no order ${reference}`)
  return order
}

/**
 * A named customer's wire order for 250 EUR, paid by a sandbox bank notice signed with `bankSecret` (the app's
 * BANK_WEBHOOK_SECRET); `payerName` other than the customer's holds the payment for an operator.
 */
export async function wireOrderPaid(t: TestApp, bankSecret: string, payerName = 'Ada Lovelace') {
  const customer = await buyer(t)
  await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
  const { reference } = (await initiateBuy(t, customer.token)).body.data
  const wire = (
    await callUser(t.app, 'orderSubmitWire', customer.token, { orderReference: reference, tlId: 'sandbox-bank-1' })
  ).body.data
  const body = JSON.stringify({
    eventId: `evt_${randomBytes(4).toString('hex')}`,
    type: 'transfer.received',
    data: {
      transferId: `trf_${randomBytes(6).toString('hex')}`,
      amount: '250.00',
      currency: 'eur',
      payerName,
      payerIban: 'CH9300762011623852957',
      paymentReference: reference,
      creditedIban: wire.iban,
      receivedAt: t.clock.now().toISOString(),
    },
  })
  const signature = signNotice(Buffer.from(bankSecret), body, Math.floor(t.clock.now().getTime() / 1000))
  const answer = await t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/bank-partner',
    headers: { 'content-type': 'application/json', [BANK_SIGNATURE_HEADER]: signature },
    payload: body,
  })
  return { customer, reference, answer: answer.json() as { result: boolean; outcome?: string } }
}
