import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { inject, vi } from 'vitest'
import { buildApp } from '../src/app'
import type { Clock } from '../src/clock'
import { type Env, loadConfig } from '../src/config'
import { type Database, type DatabaseHandle, openDatabase, pgliteTemplate } from '../src/db/client'
import { devOutbox, orders, sandboxIdvApplicants } from '../src/db/schema'
import { BANK_SIGNATURE_HEADER } from '../src/providers/bank/bank-notification'
import type { BankPartnerProvider } from '../src/providers/bank/bank-partner.provider'
import type { CustomerAgreement } from '@exchange/shared/agreement'
import type { ESignatureProvider } from '../src/providers/esign/esign.provider'
import type { IdentityProvider } from '../src/providers/identity/identity.provider'
import type { LiquidityProvider } from '../src/providers/liquidity/liquidity.provider'
import type { MailTransport } from '../src/providers/mail/mail.provider'
import type { RatesProvider } from '../src/providers/rates/rates.provider'
import { signNotice } from '../src/providers/signed-notice'
import { UK_ASSESSMENTS } from '../src/modules/uk-steps/appropriateness-questions'
import { UK_CATEGORISATION_STATEMENTS, UK_COOLING_OFF, UK_PERSONAL_RISK_WARNING } from '@exchange/shared/uk-regulation'
import { ADA_DETAILS, COMPANY, SOURCE_OF_FUNDS } from './customer-fixtures'
import { createTestClock } from './test-clock'
import { TEST_BTC_WALLET, TEST_ETH_WALLET, bitcoinSign, personalSign } from './test-wallets'

export interface TestApp {
  app: FastifyInstance
  db: Database
  /** The PostgreSQL database of the app (undefined on PGlite), for a second app on the same database. */
  databaseUrl: string | undefined
  /** The app's open database, for a second app on the same PGlite database. */
  database: DatabaseHandle
  clock: ReturnType<typeof createTestClock>
  /** Closes the app's database under it, as an outage would; `close` still cleans up. */
  closeDatabase(): Promise<void>
  /** Stops the app as a process stops, leaving its database (and the jobs stored in it) to another app. */
  closeApp(): Promise<void>
  close(): Promise<void>
}

/** How to deliver the queued mail of the app on a database: the outbox helpers run it before they read. */
const mailDeliveries = new WeakMap<Database, () => Promise<number>>()

/**
 * Runs the issue-code jobs, then the send-mail jobs that are due (the tests' apps have no workers:
 * JOBS_ENABLED=false), so that what a test reads from the outbox is every mail its calls so far have caused.
 */
export async function deliverQueuedMail(db: Database): Promise<void> {
  await mailDeliveries.get(db)?.()
}

/** The migrated empty PGlite database of this run (`test/global-setup.ts`), copied for each test app. */
let pgliteMigrated: Promise<Blob> | undefined

function migratedPglite(): Promise<Blob> {
  const file = inject('pgliteTemplateFile')
  return file ? readFile(file).then((bytes) => new Blob([bytes])) : pgliteTemplate()
}

/** A database of its own for each test app: a fresh in-memory PGlite, or a fresh database on the PostgreSQL server. */
async function openTestDatabase(): Promise<{ handle: DatabaseHandle; url?: string; drop(): Promise<void> }> {
  const serverUrl = inject('databaseUrl')
  if (!serverUrl) {
    pgliteMigrated ??= migratedPglite()
    const handle = await openDatabase({ kind: 'pglite', dataDir: undefined, template: await pgliteMigrated })
    return { handle, url: undefined, drop: async () => {} }
  }
  const name = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  // A copy of the run's migrated template (`test/global-setup.ts`): the migrations then find nothing to do.
  const template = inject('databaseTemplate')
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() })
  return {
    handle,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await cleanup.end()
    },
  }
}

/** Writes a brand file for BRAND_FILE: the default brand with these parts changed. Answers its path. */
export function brandFile(content: Record<string, unknown>): string {
  const file = join(mkdtempSync(join(tmpdir(), 'brand-')), 'brand.json')
  writeFileSync(file, JSON.stringify(content))
  return file
}

/**
 * The test brand's UK mode: by residence, with visitors in Switzerland (the sandbox geo-IP), so that a test customer
 * owes the UK steps only when a test makes them UK (decision 040): a UK test passes a brand of its own, or declares a
 * residence in GB. The default brand (`always`) stays the production default.
 */
let swissTestBrand: string | undefined

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
    /**
     * Runs on the database of another test app, as a second process does: on PostgreSQL with connections of its own,
     * on PGlite on the same open database (which its first app keeps and closes).
     */
    sameDatabaseAs?: TestApp
    identityProvider?: IdentityProvider
    esignProvider?: ESignatureProvider
    agreement?: CustomerAgreement
  } = {},
): Promise<TestApp> {
  const clock = createTestClock()
  const shared = options.sameDatabaseAs?.databaseUrl
  const sharedPglite = options.sameDatabaseAs && !shared ? options.sameDatabaseAs.database : undefined
  const { handle, url, drop } = shared
    ? { handle: await openDatabase({ kind: 'postgres', url: shared }), url: shared, drop: async () => {} }
    : sharedPglite
      ? { handle: sharedPglite, url: undefined, drop: async () => {} }
      : await openTestDatabase()
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEV_OUTBOX: 'true',
    RATE_LIMIT_IP_PER_MINUTE: '1000',
    RATE_LIMIT_EMAIL_PER_15_MINUTES: '1000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Jobs run by hand in tests (app.jobs), on the test clock.
    JOBS_ENABLED: 'false',
    // Every journey step is asked, as in production; tests declare what a customer would.
    JOURNEY_SKIP_STEPS: '',
    BRAND_FILE: (swissTestBrand ??= brandFile({ ukCheckMode: 'residence' })),
    GEOIP_PROVIDER: 'sandbox',
    SANDBOX_GEOIP_COUNTRY: 'CH',
    // Sign-ups and log-ins set up in parallel wait for their hash longer on a busy test machine than production's 3 s
    // allow; the tests of the hashing queue set their own limit.
    PASSWORD_HASH_MAX_WAIT_MS: '60000',
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
    ...(options.identityProvider && { identityProvider: options.identityProvider }),
    ...(options.esignProvider && { esignProvider: options.esignProvider }),
    ...(options.agreement && { agreement: options.agreement }),
  })
  await app.ready()
  mailDeliveries.set(handle.db, async () => {
    await app.jobs.issueCodes()
    return app.jobs.deliverMail()
  })
  let closed = false
  let appClosed = false
  let databaseClosed = sharedPglite !== undefined
  return {
    app,
    db: handle.db,
    databaseUrl: url,
    database: handle,
    clock,
    async closeDatabase() {
      databaseClosed = true
      await handle.close()
    },
    async closeApp() {
      appClosed = true
      await app.close()
    },
    async close() {
      if (closed) return
      closed = true
      if (!appClosed) await app.close()
      if (!databaseClosed) await handle.close()
      await drop()
    },
  }
}

export const BRAND = 'Helvex'
export { ADA_DETAILS, COMPANY, SOURCE_OF_FUNDS }

/** Two apps on one database with one signing key and one clock, as two processes behind the same address. */
export async function twoProcesses(): Promise<[TestApp, TestApp]> {
  const env = { JWT_SECRET: 'two-processes-share-this-signing-key-of-48-chars' }
  const one = await buildTestApp({ env })
  const other = await buildTestApp({ env, sameDatabaseAs: one, clock: one.clock })
  return [one, other]
}

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
  // The codes a call leaves to a job are made now, as a worker makes them right after the answer; their mail is
  // delivered when a test reads the outbox.
  await app.jobs.issueCodes()
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
  await deliverQueuedMail(db)
  return db.select().from(devOutbox).where(eq(devOutbox.to, email)).orderBy(desc(devOutbox.id))
}

/**
 * The code in the newest message to an address, read from the mail as a person reads it. Where api processes of their
 * own share the database, one of them may be the one sending the mail: the code is awaited as a person awaits it.
 */
export async function latestCode(db: Database, email: string): Promise<string> {
  return vi.waitFor(
    async () => {
      const [message] = await mailTo(db, email)
      const code = message?.text.match(/^\s*(\d{5})\s*$/m)?.[1]
      if (!code) throw new Error(`no code mailed to ${email}`)
      return code
    },
    { timeout: 15_000, interval: 50 },
  )
}

/** Signs up and confirms the e-mail; answers the session token and the trusted-device cookie. */
export async function signUpVerified(t: TestApp, email = uniqueEmail(), password = 'correct horse') {
  await callPublic(t.app, 'homesignup', { email, password, token: 'DIRECT', companyDetails: COMPANY })
  const code = await latestCode(t.db, email)
  const verified = await callPublic(t.app, 'verifycode', { email, code })
  const device = verified.cookies.find((cookie) => cookie.name === 'trustedDevice')?.value
  return { email, password, token: verified.body.data.token as string, device: device as string }
}

/** The tests' own wallet (a key `test-wallets.ts` holds), so that a customer can prove it before a payout. */
export const BTC_WALLET = TEST_BTC_WALLET
export const ETH_WALLET = TEST_ETH_WALLET

/** Answers `sof` for the customer, as the journey asks before the first order (decision 036). */
export async function declareSourceOfFunds(t: TestApp, token: string, answers: Record<string, unknown> = {}) {
  const answer = await callUser(t.app, 'saveSourceOfFunds', token, { answers: { ...SOURCE_OF_FUNDS, ...answers } })
  if (answer.body.result !== true) throw new Error(`source of funds refused: ${JSON.stringify(answer.body)}`)
}

/**
 * The customer's identity check, approved as a tester does it on the sandbox provider's page; the orders held for it
 * move on. Payouts wait for an approved check (decision 033). The name on the document is the one the page offers
 * (the customer's declared name), or `documentName` (by default Ada Lovelace's, for a customer who declared none).
 */
export async function verifyIdentity(
  t: TestApp,
  token: string,
  outcome: 'approved' | 'rejected' = 'approved',
  documentName?: { firstName: string; lastName: string },
) {
  const started = await callUser(t.app, 'identityStart', token)
  const applicant = new URL(started.body.data.verificationUrl as string, 'http://sandbox').searchParams.get('applicant')
  const [offered] = await t.db
    .select({ firstName: sandboxIdvApplicants.declaredFirstName })
    .from(sandboxIdvApplicants)
    .where(eq(sandboxIdvApplicants.id, applicant ?? ''))
  const name =
    documentName ??
    (outcome === 'approved' && !offered?.firstName
      ? { firstName: ADA_DETAILS.firstName, lastName: ADA_DETAILS.lastName }
      : undefined)
  const page = await t.app.inject({
    method: 'POST',
    url: '/sandbox/idv/verify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ applicant: applicant ?? '', outcome, ...name }).toString(),
  })
  if (page.statusCode !== 303) throw new Error(`the sandbox identity page answered ${page.statusCode}`)
  await t.app.jobs.customerChecksChanged()
}

/**
 * Signs the customer agreement in force as a customer does: `startDocusign`, then the sandbox signing page with the
 * full name typed (decision 044). The customer's details name is the signer's when given; else `signerName`.
 */
export async function signAgreement(t: TestApp, token: string, signerName = 'Ada Lovelace') {
  const started = await callUser(t.app, 'startDocusign', token, { signerName })
  if (started.body.result !== true) throw new Error(`agreement signing refused: ${JSON.stringify(started.body)}`)
  const envelope = new URL(started.body.data.signingUrl as string, 'http://sandbox').searchParams.get('envelope')
  const page = await t.app.inject({
    method: 'POST',
    url: '/sandbox/esign/sign',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ envelope: envelope ?? '', action: 'sign', signedName: signerName }).toString(),
  })
  if (page.statusCode !== 303) throw new Error(`the sandbox signing page answered ${page.statusCode}`)
}

/**
 * Proves a wallet through the real calls, as a customer does on the wallet screen: the message to sign is asked for,
 * signed with the tests' key (EIP-191 for EVM addresses, a Bitcoin signed message for bitcoin), and sent back. The
 * orders held for it move on, as the queued job moves them (decision 039).
 */
export async function proveWallet(
  t: TestApp,
  token: string,
  wallet: { crypto: 'btc' | 'eth' | 'avax' | 'usdc' | 'usdt'; address: string },
) {
  const issued = await callUser(t.app, 'walletChallenge', token, { wallet })
  if (issued.body.result !== true) throw new Error(`no message to sign: ${JSON.stringify(issued.body)}`)
  const { challengeId, message } = issued.body.data as { challengeId: string; message: string }
  const signature = wallet.crypto === 'btc' ? bitcoinSign(message) : personalSign(message)
  const proved = await callUser(t.app, 'walletProve', token, { challengeId, signature })
  if (proved.body.result !== true) throw new Error(`wallet not proven: ${JSON.stringify(proved.body)}`)
  await t.app.jobs.customerChecksChanged()
}

/**
 * A signed-in customer with fresh prices who has declared the source of funds, signed the agreement, whose identity
 * is verified and who has proven the tests' wallet (BTC_WALLET, ETH_WALLET): ready to buy and be paid out once their
 * details are given.
 */
export async function buyer(t: TestApp) {
  await t.app.jobs.refreshRates()
  const customer = await signUpVerified(t)
  await declareSourceOfFunds(t, customer.token)
  await signAgreement(t, customer.token)
  await verifyIdentity(t, customer.token)
  await proveWallet(t, customer.token, { crypto: 'btc', address: BTC_WALLET })
  await proveWallet(t, customer.token, { crypto: 'eth', address: ETH_WALLET })
  return customer
}

/** A buyer who has also given their details (ADA_DETAILS): every step before a payout is done. */
export async function payableBuyer(t: TestApp) {
  const customer = await buyer(t)
  const saved = await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
  if (saved.body.result !== true) throw new Error(`details refused: ${JSON.stringify(saved.body)}`)
  await t.app.jobs.customerChecksChanged()
  return customer
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

/** The order as stored, by its reference. */
export async function storedOrder(t: TestApp, reference: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.reference, reference))
  if (!order) throw new Error(`no order ${reference}`)
  return order
}

/** The sandbox bank partner's receiving account for EUR (its instructions name it; a transfer by reference needs none). */
const SANDBOX_RECEIVING_IBAN = 'CH5604835012345678009'

/**
 * A named customer's wire order for 250 EUR, paid by a sandbox bank notice signed with `bankSecret` (the app's
 * BANK_WEBHOOK_SECRET); `payerName` other than the customer's holds the payment for an operator. With
 * `arrivesAnyway`, the customer owes a step before paying (decision 080): the instructions are refused with
 * `step_required`, and the transfer comes all the same, naming the order (given before the rule, or guessed).
 */
export async function wireOrderPaid(
  t: TestApp,
  bankSecret: string,
  payerName = 'Ada Lovelace',
  /** The customer who orders; by default a new one whose identity is verified. */
  orderedBy?: Awaited<ReturnType<typeof signUpVerified>>,
  /**
   * The order's amount (EUR) and wallet, 250 to BTC_WALLET unless given; `arrivesAnyway` when the customer still owes
   * a step before paying.
   */
  order: { amount?: string; wallet?: string; arrivesAnyway?: boolean } = {},
) {
  const customer = orderedBy ?? (await buyer(t))
  await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
  const amount = order.amount ?? '250.00'
  const { reference } = (await initiateBuy(t, customer.token, { amount, wallet: order.wallet ?? BTC_WALLET })).body.data
  const instructions = (
    await callUser(t.app, 'orderSubmitWire', customer.token, { orderReference: reference, tlId: 'sandbox-bank-1' })
  ).body
  if (order.arrivesAnyway ? instructions.error !== 'step_required' : instructions.result !== true)
    throw new Error(`unexpected wire instructions: ${JSON.stringify(instructions)}`)
  const wire: { iban: string } = instructions.result ? instructions.data : { iban: SANDBOX_RECEIVING_IBAN }
  const body = JSON.stringify({
    eventId: `evt_${randomBytes(4).toString('hex')}`,
    type: 'transfer.received',
    data: {
      transferId: `trf_${randomBytes(6).toString('hex')}`,
      amount,
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

/** The right option of every appropriateness question, read from the api's content as only a test may. */
export function rightAnswers(questions: readonly { id: string }[]) {
  const all = UK_ASSESSMENTS.cryptoasset.sets.flatMap((set) => set.questions)
  return questions.map((question) => {
    const known = all.find((candidate) => candidate.id === question.id)
    if (!known) throw new Error(`unknown question ${question.id}`)
    return { questionId: question.id, optionId: known.correct }
  })
}

/** Fails when a call did not succeed, with its answer in the message. */
function succeeded(name: string, answer: { body: { result?: unknown } }) {
  if (answer.body.result !== true) throw new Error(`${name} refused: ${JSON.stringify(answer.body)}`)
  return answer.body as { result: true; data?: Record<string, unknown> }
}

/**
 * Walks a UK customer through the UK steps with the real calls (decision 041): the risk warning, a restricted
 * investor statement signed with their name, a passed assessment, and the cooling-off, moving the test clock past its
 * end. The customer's details must hold the name `signature`.
 */
export async function completeUkSteps(t: TestApp, token: string, signature = 'Ada Lovelace') {
  succeeded(
    'ukRiskDecision',
    await callUser(t.app, 'ukRiskDecision', token, {
      textVersion: UK_PERSONAL_RISK_WARNING.version,
      choice: 'continue',
      summaryOpened: true,
    }),
  )
  succeeded(
    'ukCategorise',
    await callUser(t.app, 'ukCategorise', token, {
      textVersion: UK_CATEGORISATION_STATEMENTS.version,
      statement: { category: 'restricted', investedUnderTenPercent: true, willLimitToTenPercent: true },
      signature,
    }),
  )
  const set = succeeded('ukQuestionSet', await callUser(t.app, 'ukQuestionSet', token)).data as {
    version: string
    setId: string
    questions: { id: string }[]
  }
  succeeded(
    'ukAnswerQuestions',
    await callUser(t.app, 'ukAnswerQuestions', token, {
      version: set.version,
      setId: set.setId,
      answers: rightAnswers(set.questions),
    }),
  )
  const status = succeeded('ukStepsStatus', await callUser(t.app, 'ukStepsStatus', token)).data as {
    coolingOff: { endsAt: string }
  }
  const wait = new Date(status.coolingOff.endsAt).getTime() - t.clock.now().getTime()
  if (wait > 0) t.clock.advance(wait)
  succeeded(
    'ukCoolingOffDecision',
    await callUser(t.app, 'ukCoolingOffDecision', token, { textVersion: UK_COOLING_OFF.version, choice: 'continue' }),
  )
}

/** A multipart body as a browser's FormData sends it. */
export function multipart(parts: { name: string; value: string | Buffer; fileName?: string; type?: string }[]) {
  const boundary = `----form${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName ? `; filename="${part.fileName}"` : ''}`
    const type = part.fileName ? `\r\ncontent-type: ${part.type ?? 'application/octet-stream'}` : ''
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: ${disposition}${type}\r\n\r\n`))
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value)
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}
