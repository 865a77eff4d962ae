import type { CustomerAgreement } from '@exchange/shared/agreement'
import type { FastifyInstance } from 'fastify'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'
import { buildApp } from '../../src/app'
import type { Clock } from '../../src/clock'
import { type Env, loadConfig } from '../../src/config/config'
import { type Database, type DatabaseHandle, openDatabase, pgliteTemplate } from '../../src/db/client'
import type { BankPartnerProvider } from '../../src/providers/bank/bank-partner.provider'
import type { ESignatureProvider } from '../../src/providers/esign/esign.provider'
import type { IdentityProvider } from '../../src/providers/identity/identity.provider'
import type { LiquidityProvider } from '../../src/providers/liquidity/liquidity.provider'
import type { MailTransport } from '../../src/providers/mail/mail.provider'
import type { RatesProvider } from '../../src/providers/rates/rates.provider'
import type { PartnerApiFetch } from '../../src/modules/dev/partner-test-page'
import { createTestClock } from './clock'

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

/** What a test app is built with besides the defaults below: settings and the parties it talks to. */
export interface TestAppOptions {
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
  /** How the test partner's page reaches the partner api: the app's own `inject`, since a test app does not listen. */
  partnerApiFetch?: PartnerApiFetch
}

/** The production app (the same `buildApp`), on a database of its own, with a clock the test moves. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
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
    ...(options.partnerApiFetch && { partnerApiFetch: options.partnerApiFetch }),
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

/**
 * Two apps on one database with one signing key, one documents key (what either seals, such as an authenticator app's
 * secret, the other opens) and one clock, as two processes behind the same address.
 */
export async function twoProcesses(): Promise<[TestApp, TestApp]> {
  const env = {
    JWT_SECRET: 'two-processes-share-this-signing-key-of-48-chars',
    DOCUMENTS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  }
  const one = await buildTestApp({ env })
  const other = await buildTestApp({ env, sameDatabaseAs: one, clock: one.clock })
  return [one, other]
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

/**
 * The file's test app, built before its tests and closed after them: `const t = useTestApp()` in place of a `let`, a
 * `beforeAll` and an `afterAll`. Given options, it builds with them; given a function, it builds what the function
 * answers (an app with a brand of its own, say).
 */
export function useTestApp(build: TestAppOptions | (() => Promise<TestApp>) = {}): TestApp {
  let built: TestApp | undefined
  beforeAll(async () => {
    built = typeof build === 'function' ? await build() : await buildTestApp(build)
  })
  afterAll(() => built?.close())
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!built) throw new Error('useTestApp: the app is built before the tests run; use it inside a test or a hook')
      const value: unknown = Reflect.get(built, key)
      return typeof value === 'function' ? value.bind(built) : value
    },
  })
}
