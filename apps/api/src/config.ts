import { createPrivateKey, createPublicKey } from 'node:crypto'
import { z } from 'zod'
import { FIAT_CURRENCIES, FiatCurrency } from '@exchange/shared/currencies'
import { DEFAULT_DOCUMENT_MAX_BYTES, DEFAULT_DOCUMENTS_PER_CUSTOMER } from '@exchange/shared/documents.schemas'
import { isValidIban, normalizeIban } from '@exchange/shared/iban'
import { JourneyStepId } from '@exchange/shared/journey-steps'
import { DecimalString } from '@exchange/shared/money'
import { conveniencesAllowed, deploymentProblems } from './deployment'
import { DEFAULT_HASH_CONCURRENCY, DEFAULT_HASH_MAX_WAIT_MS } from './modules/accounts/passwords'

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')

/**
 * Paid volume per fiat over ENHANCED_CHECKS_WINDOW_DAYS from which enhanced checks are asked (decision 036): about
 * EUR 15,000 in each fiat. Volumes in several fiats add up as shares of their own threshold.
 */
export const DEFAULT_ENHANCED_CHECKS_VOLUME: Record<FiatCurrency, string> = {
  eur: '15000.00',
  chf: '15000.00',
  gbp: '12500.00',
  usd: '17500.00',
}

/**
 * FATF's "call for action" and "increased monitoring" jurisdictions as published in June 2025 (decision 036).
 * Compliance keeps HIGH_RISK_COUNTRIES current after each FATF plenary.
 */
export const DEFAULT_HIGH_RISK_COUNTRIES = [
  'KP',
  'IR',
  'MM',
  'DZ',
  'AO',
  'BO',
  'BG',
  'BF',
  'CM',
  'CI',
  'CD',
  'HT',
  'KE',
  'LA',
  'LB',
  'MC',
  'MZ',
  'NA',
  'NP',
  'NG',
  'ZA',
  'SS',
  'SY',
  'VE',
  'VN',
  'VG',
  'YE',
] as const

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the embedded database and the generated JWT secret. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string; unset means embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** e.g. smtp://user:pass@smtp.example.com:587 ; unset means the dev outbox. */
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().min(3).optional(),
  /** HS256 key, at least 32 characters. Required with DATABASE_URL; in embedded mode generated once under DATA_DIR. */
  JWT_SECRET: z.string().min(32).optional(),
  SESSION_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 30)
    .optional(),
  /** JSON file that overrides parts of the default brand (see README). */
  BRAND_FILE: z.string().optional(),
  /** Shared store for rate limits across several api processes. */
  REDIS_URL: z.string().url().optional(),
  /** Trust X-Forwarded-For from this many proxies in front (0: none). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  /** Requests per IP per minute on each account call; per e-mail per 15 minutes. */
  RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_EMAIL_PER_15_MINUTES: z.coerce.number().int().positive().default(10),
  /** Visitor country: the MaxMind DB country database read locally (decision 040), or the sandbox's fixed answer. */
  GEOIP_PROVIDER: z.enum(['database', 'sandbox']).default('database'),
  /** Another MMDB country database (e.g. a licensed GeoIP2 Country) instead of the bundled DB-IP Lite one. */
  GEOIP_DATABASE_FILE: z.string().min(1).optional(),
  /**
   * The country header of the edge the deployment sits behind (e.g. cf-ipcountry), trusted before the database. Set it
   * only when every request reaches the api through that edge, or a caller could name their own country.
   */
  GEOIP_EDGE_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'expected a header name such as cf-ipcountry')
    .transform((name) => name.toLowerCase())
    .optional(),
  /** Country answered by the sandbox geo-IP provider (ISO 3166 alpha-2). */
  SANDBOX_GEOIP_COUNTRY: z.string().length(2).toUpperCase().default('GB'),
  /**
   * Controls under /test that move the server clock forward (the e2e journeys, the cooling-off in development). On by
   * default in development and tests with no real party; refused in production and beside a real party (decision 070).
   */
  TEST_CONTROLS: booleanFromEnv.optional(),
  /** Serve the built web app from this folder (default: the web workspace's dist). */
  WEB_DIST_DIR: z.string().optional(),
  /** Price source: the offline simulation, or Kraken's public ticker. */
  RATES_PROVIDER: z.enum(['sandbox', 'kraken']).default('sandbox'),
  RATES_REFRESH_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** Prices older than this stop new orders. */
  RATES_MAX_AGE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  /** How long an order's price holds without payment. */
  QUOTE_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  /** A bank transfer after its price ran out is bought at the current price when that is at most this much worse (decision 025). */
  BANK_REPRICE_TOLERANCE_BPS: z.coerce.number().int().min(0).max(1_000).default(200),
  ORDER_EXPIRY_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /** Payments this many hours after a change of the customer's name are held for a person (decision 028). */
  NAME_CHANGE_HOLD_HOURS: z.coerce.number().int().min(0).max(720).default(72),
  /** JSON file with pricing per pair, limits per fiat and the payment methods (see README). */
  TRADING_FILE: z.string().optional(),
  /** Runs workers of the job queue (mail, rates refresh, order expiry, settlement retries) in this process. */
  JOBS_ENABLED: booleanFromEnv.default(true),
  /** Shared secret the bank partner signs its transfer notices with; derived locally for the sandbox when unset. */
  BANK_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Shared secret the card PSP signs its notices with; derived locally for the sandbox when unset. */
  PSP_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Shared secret the open-banking provider signs its notices with; derived locally for the sandbox when unset. */
  OPEN_BANKING_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Operators of the back-office view, as "name:password" pairs separated by commas (passwords of 12+ characters). */
  OPERATOR_CREDENTIALS: z
    .string()
    .regex(
      /^[\w.-]+:[^,]{12,}(,[\w.-]+:[^,]{12,})*$/,
      'expected name:password pairs, passwords of at least 12 characters',
    )
    .optional(),
  /** Card PSP: the sandbox hosted checkout, or Stripe Checkout. */
  PSP_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  /** Public address of the web app (e.g. https://exchange.example), for providers that redirect the browser back. */
  PUBLIC_URL: z.string().url().optional(),
  /** Liquidity provider: the sandbox (fills at the fixed price, simulated delivery) or a real exchange through ccxt. */
  LIQUIDITY_PROVIDER: z.enum(['sandbox', 'ccxt']).default('sandbox'),
  LP_EXCHANGE: z
    .string()
    .regex(/^[a-z0-9]+$/)
    .default('kraken'),
  LP_API_KEY: z.string().min(1).optional(),
  LP_API_SECRET: z.string().min(1).optional(),
  /** JSON: withdrawal parameters per coin, e.g. {"btc":{"key":"customer-payouts"}} for Kraken's named addresses. */
  LP_WITHDRAW_PARAMS: z.string().optional(),
  /** The ccxt exchange runs in its test mode (a testnet): delivery links point at the coin's testnet explorer. */
  LP_TESTNET: booleanFromEnv.default(false),
  /** Pay-by-bank: the sandbox consent page, or TrueLayer Payments v3. */
  OPEN_BANKING_PROVIDER: z.enum(['sandbox', 'truelayer']).default('sandbox'),
  TRUELAYER_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
  TRUELAYER_CLIENT_ID: z.string().min(1).optional(),
  TRUELAYER_CLIENT_SECRET: z.string().min(1).optional(),
  TRUELAYER_SIGNING_KEY_ID: z.string().min(1).optional(),
  /** PEM of the request-signing key registered with TrueLayer (newlines may be written as \n). */
  TRUELAYER_SIGNING_KEY_PEM: z.string().min(1).optional(),
  TRUELAYER_MERCHANT_ACCOUNT_ID: z.string().min(1).optional(),
  /** Bank partner (receiving accounts, virtual IBANs, transfer notices): the sandbox bank, or ClearBank's institution api. */
  BANK_PARTNER: z.enum(['sandbox', 'clearbank']).default('sandbox'),
  CLEARBANK_ENVIRONMENT: z.enum(['simulation', 'production']).default('simulation'),
  CLEARBANK_API_TOKEN: z.string().min(1).optional(),
  /** PEM of our RSA key registered with ClearBank (signs requests and webhook answers; newlines may be written as \n). */
  CLEARBANK_PRIVATE_KEY_PEM: z.string().min(1).optional(),
  /** PEM of ClearBank's key for our institution's webhooks (portal, Webhook Management). */
  CLEARBANK_WEBHOOK_PUBLIC_KEY_PEM: z.string().min(1).optional(),
  /** JSON: the company's receiving account per fiat, e.g. {"gbp":"GB…","eur":"GB…"}. */
  CLEARBANK_RECEIVING_IBANS: z.string().optional(),
  /** ClearBank id of the multi-currency account the customers' virtual accounts are opened under. */
  CLEARBANK_VIRTUAL_ACCOUNTS_PARENT_ID: z.uuid().optional(),
  /** Comma-separated fiats that multi-currency account holds, e.g. "eur,usd": virtual IBANs are offered for these only. */
  CLEARBANK_VIRTUAL_IBAN_FIATS: z.string().default('eur'),
  /** Lets NODE_ENV=production run sandbox parties, for a shared demo or staging (see decision 020). */
  ALLOW_SANDBOX_IN_PRODUCTION: booleanFromEnv.default(false),
  /** The OpenAPI document and its UI at /docs; on by default only where the development conveniences are (decision 070). */
  API_DOCS: booleanFromEnv.optional(),
  /** Identity verification: the sandbox provider (hosted page under /sandbox/idv), or Sumsub. */
  IDV_PROVIDER: z.enum(['sandbox', 'sumsub']).default('sandbox'),
  /** Shared secret the sandbox identity provider signs its notices with; derived locally when unset. */
  IDV_WEBHOOK_SECRET: z.string().min(16).optional(),
  SUMSUB_APP_TOKEN: z.string().min(1).optional(),
  /** Secret key issued with the app token: signs every request (X-App-Access-Sig). */
  SUMSUB_SECRET_KEY: z.string().min(1).optional(),
  /** Secret of the webhook set up in Sumsub's dashboard: checks X-Payload-Digest of each notice. */
  SUMSUB_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The verification level applicants go through (ID document and selfie). */
  SUMSUB_LEVEL_NAME: z.string().min(1).default('basic-kyc-level'),
  SUMSUB_BASE_URL: z.string().url().default('https://api.sumsub.com'),
  /** E-signature of the customer agreement: the sandbox provider (signing page under /sandbox/esign), or DocuSign. */
  ESIGN_PROVIDER: z.enum(['sandbox', 'docusign']).default('sandbox'),
  /** Shared secret the sandbox e-signature provider signs its notices with; derived locally when unset. */
  ESIGN_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** DocuSign app's integration key (OAuth client id), used with the JWT grant. */
  DOCUSIGN_INTEGRATION_KEY: z.string().min(1).optional(),
  /** The DocuSign user (GUID) the app acts as; it consented once to `signature impersonation`. */
  DOCUSIGN_USER_ID: z.string().min(1).optional(),
  DOCUSIGN_ACCOUNT_ID: z.string().min(1).optional(),
  /** RSA private key of the integration key, PEM (line breaks may be written as \n). */
  DOCUSIGN_PRIVATE_KEY_PEM: z.string().min(1).optional(),
  /** Secret of the Connect configuration's HMAC key: checks X-DocuSign-Signature-1 of each notice. */
  DOCUSIGN_CONNECT_HMAC_SECRET: z.string().min(16).optional(),
  /** eSignature REST base path: the developer environment by default; e.g. https://eu.docusign.net/restapi live. */
  DOCUSIGN_BASE_PATH: z.string().url().default('https://demo.docusign.net/restapi'),
  /** OAuth host: account-d.docusign.com (developer) or account.docusign.com (production). */
  DOCUSIGN_OAUTH_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'expected a host name such as account.docusign.com')
    .default('account-d.docusign.com'),
  /** Key of the customers' documents at rest: 32 bytes in base64. Generated into DATA_DIR when unset (embedded mode). */
  DOCUMENTS_ENCRYPTION_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'expected 32 bytes in base64')
    .optional(),
  DOCUMENTS_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(DEFAULT_DOCUMENT_MAX_BYTES),
  /** Password hashes (argon2id) run at once; the rest queue. Default: the cores less one, at least one. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(DEFAULT_HASH_CONCURRENCY),
  /** Longest a login or sign-up waits for its hash before it is answered "busy, try again" (503). */
  PASSWORD_HASH_MAX_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(DEFAULT_HASH_MAX_WAIT_MS),
  DOCUMENTS_MAX_PER_CUSTOMER: z.coerce.number().int().min(1).max(1000).default(DEFAULT_DOCUMENTS_PER_CUSTOMER),
  // Uploads read at once by one process, and by one customer: what bounds the memory uploads take (decision 078).
  DOCUMENTS_UPLOADS_AT_ONCE: z.coerce.number().int().min(1).max(64).default(2),
  DOCUMENTS_UPLOADS_PER_CUSTOMER: z.coerce.number().int().min(1).max(16).default(2),
  DOCUMENTS_UPLOAD_WAIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Journey steps not asked for (comma-separated ids), for a demo that wants to skip a step; refused in
   * production and beside a real party (decision 070).
   * Unset: every step is asked, development included (the UK steps have their screens; decision 043).
   */
  JOURNEY_SKIP_STEPS: z
    .string()
    .optional()
    .transform((value) =>
      value
        ?.split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(JourneyStepId).optional()),
  /** Paid volume over the window, per fiat, from which enhanced checks are asked (JSON, e.g. {"eur":"15000.00"}). */
  ENHANCED_CHECKS_VOLUME: z.string().optional(),
  ENHANCED_CHECKS_WINDOW_DAYS: z.coerce.number().int().min(1).max(3660).default(365),
  /** Countries whose residents get enhanced checks (ISO alpha-2, comma-separated); FATF's lists by default. */
  HIGH_RISK_COUNTRIES: z
    .string()
    .optional()
    .transform((value) =>
      value === undefined
        ? [...DEFAULT_HIGH_RISK_COUNTRIES]
        : value
            .split(',')
            .map((code) => code.trim().toUpperCase())
            .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'expected two-letter ISO country codes'))),
  /** Test-only switch: keep the dev outbox even when SMTP_URL is set elsewhere; refused where a real party is. */
  DEV_OUTBOX: booleanFromEnv.optional(),
})

/** The environment variables the config reads, as strings. */
export type Env = Partial<Record<keyof z.input<typeof ConfigSchema>, string>>

/** Every variable the config reads: a deployment file that sets another one sets it for nothing (deploy/test). */
export const CONFIG_VARIABLES = Object.keys(ConfigSchema.shape) as readonly (keyof Env)[]

export interface Config {
  env: 'development' | 'production' | 'test'
  host: string
  port: number
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL']
  dataDir: string
  databaseUrl: string | undefined
  smtp: { url: string; from: string } | undefined
  jwtSecret: string | undefined
  sessionHours: number | undefined
  brandFile: string | undefined
  redisUrl: string | undefined
  trustProxyHops: number
  rateLimits: { ipPerMinute: number; emailPer15Minutes: number }
  /** Where the visitor country comes from (decision 040). */
  geoIp: { kind: 'sandbox'; country: string } | { kind: 'database'; file: string | undefined }
  geoIpEdgeHeader: string | undefined
  /** The /test controls (server clock): development and tests with no real party (decision 070). */
  testControls: boolean
  webDistDir: string | undefined
  rates: { provider: 'sandbox' | 'kraken'; refreshSeconds: number; maxAgeSeconds: number }
  quoteTtlSeconds: number
  bankRepriceToleranceBps: number
  /** The web app's public address: links in e-mails, providers' return pages; `https://` makes cookies Secure. */
  publicUrl: string | undefined
  orderExpirySweepSeconds: number
  nameChangeHoldHours: number
  tradingFile: string | undefined
  jobsEnabled: boolean
  bankWebhookSecret: string | undefined
  pspWebhookSecret: string | undefined
  openBankingWebhookSecret: string | undefined
  operators: { name: string; password: string }[]
  allowSandboxInProduction: boolean
  apiDocs: boolean
  psp: { kind: 'sandbox' } | { kind: 'stripe'; secretKey: string; webhookSecret: string; publicUrl: string }
  openBanking:
    | { kind: 'sandbox' }
    | {
        kind: 'truelayer'
        environment: 'sandbox' | 'live'
        clientId: string
        clientSecret: string
        signingKeyId: string
        signingKeyPem: string
        merchantAccountId: string
        publicUrl: string
      }
  liquidity:
    | { kind: 'sandbox' }
    | {
        kind: 'ccxt'
        exchangeId: string
        apiKey: string
        secret: string
        withdrawParams: Record<string, Record<string, string>>
        /** The exchange's test mode: coins move on a testnet. */
        testnet: boolean
      }
  identity:
    | { kind: 'sandbox'; webhookSecret: string | undefined }
    | {
        kind: 'sumsub'
        appToken: string
        secretKey: string
        webhookSecret: string
        levelName: string
        baseUrl: string
        publicUrl: string
      }
  esign:
    | { kind: 'sandbox'; webhookSecret: string | undefined }
    | {
        kind: 'docusign'
        integrationKey: string
        userId: string
        accountId: string
        privateKeyPem: string
        connectHmacSecret: string
        basePath: string
        oauthHost: string
        publicUrl: string
      }
  documents: {
    encryptionKey: string | undefined
    maxBytes: number
    maxPerCustomer: number
    uploadsAtOnce: number
    uploadsPerCustomer: number
    uploadWaitSeconds: number
  }
  passwordHashing: { concurrency: number; maxWaitMs: number }
  /** What the journey engine asks of customers and from when (decision 036). */
  journey: {
    skipSteps: JourneyStepId[]
    enhancedChecksVolume: Record<FiatCurrency, string>
    enhancedChecksWindowDays: number
    highRiskCountries: string[]
  }
  bankPartner:
    | { kind: 'sandbox' }
    | {
        kind: 'clearbank'
        environment: 'simulation' | 'production'
        apiToken: string
        privateKeyPem: string
        webhookPublicKeyPem: string
        receivingIbans: Partial<Record<FiatCurrency, string>>
        virtualAccountsParentId: string
        virtualIbanFiats: FiatCurrency[]
      }
}

export class ConfigError extends Error {}

/** Reads the environment once. The only module that touches `process.env`. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  const env = parsed.data
  if (env.DATABASE_URL && !env.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: required when DATABASE_URL is set (every api process must share it)',
    )
  }
  if (env.DATABASE_URL && !env.DOCUMENTS_ENCRYPTION_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  DOCUMENTS_ENCRYPTION_KEY: required when DATABASE_URL is set (every api process must read the same documents)',
    )
  }
  const sumsubMissing = ['SUMSUB_APP_TOKEN', 'SUMSUB_SECRET_KEY', 'SUMSUB_WEBHOOK_SECRET', 'PUBLIC_URL'].filter(
    (name) => !env[name as keyof typeof env],
  )
  if (env.IDV_PROVIDER === 'sumsub' && sumsubMissing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  IDV_PROVIDER=sumsub needs ${sumsubMissing.join(', ')}`)
  }
  const docusignMissing = [
    'DOCUSIGN_INTEGRATION_KEY',
    'DOCUSIGN_USER_ID',
    'DOCUSIGN_ACCOUNT_ID',
    'DOCUSIGN_PRIVATE_KEY_PEM',
    'DOCUSIGN_CONNECT_HMAC_SECRET',
    'PUBLIC_URL',
  ].filter((name) => !env[name as keyof typeof env])
  if (env.ESIGN_PROVIDER === 'docusign' && docusignMissing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ESIGN_PROVIDER=docusign needs ${docusignMissing.join(', ')}`)
  }
  if (env.PSP_PROVIDER === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.PSP_WEBHOOK_SECRET || !env.PUBLIC_URL)) {
    throw new ConfigError(
      'Invalid configuration:\n  PSP_PROVIDER=stripe needs STRIPE_SECRET_KEY, PSP_WEBHOOK_SECRET (the whsec_ signing secret) and PUBLIC_URL',
    )
  }
  const truelayerMissing = [
    'TRUELAYER_CLIENT_ID',
    'TRUELAYER_CLIENT_SECRET',
    'TRUELAYER_SIGNING_KEY_ID',
    'TRUELAYER_SIGNING_KEY_PEM',
    'TRUELAYER_MERCHANT_ACCOUNT_ID',
    'PUBLIC_URL',
  ].filter((name) => !env[name as keyof typeof env])
  if (env.OPEN_BANKING_PROVIDER === 'truelayer' && truelayerMissing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  OPEN_BANKING_PROVIDER=truelayer needs ${truelayerMissing.join(', ')}`,
    )
  }
  if (env.LIQUIDITY_PROVIDER === 'ccxt' && (!env.LP_API_KEY || !env.LP_API_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  LIQUIDITY_PROVIDER=ccxt needs LP_API_KEY and LP_API_SECRET')
  }
  let withdrawParams: Record<string, Record<string, string>> = {}
  if (env.LP_WITHDRAW_PARAMS) {
    const parsedParams = z
      .record(z.string(), z.record(z.string(), z.string()))
      .safeParse(safeJson(env.LP_WITHDRAW_PARAMS))
    if (!parsedParams.success)
      throw new ConfigError(
        'Invalid configuration:\n  LP_WITHDRAW_PARAMS: expected JSON like {"btc":{"key":"customer-payouts"}}',
      )
    withdrawParams = parsedParams.data
  }
  const bankPartner = readBankPartner(env)
  const skipSteps: JourneyStepId[] = env.JOURNEY_SKIP_STEPS ?? []
  let enhancedChecksVolume = DEFAULT_ENHANCED_CHECKS_VOLUME
  if (env.ENHANCED_CHECKS_VOLUME) {
    const volumes = z
      .partialRecord(
        FiatCurrency,
        DecimalString.refine((amount) => Number(amount) > 0, 'must be above zero'),
      )
      .safeParse(safeJson(env.ENHANCED_CHECKS_VOLUME))
    if (!volumes.success)
      throw new ConfigError(
        `Invalid configuration:\n  ENHANCED_CHECKS_VOLUME: expected JSON like {"eur":"15000.00"} with fiats among ${FIAT_CURRENCIES.join(', ')}`,
      )
    enhancedChecksVolume = { ...DEFAULT_ENHANCED_CHECKS_VOLUME, ...volumes.data }
  }
  const useOutbox = env.DEV_OUTBOX ?? !env.SMTP_URL
  if (!useOutbox && env.SMTP_URL && !env.SMTP_FROM) {
    throw new ConfigError('Invalid configuration:\n  SMTP_FROM: required when SMTP_URL is set')
  }
  const config: Config = {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    smtp: !useOutbox && env.SMTP_URL && env.SMTP_FROM ? { url: env.SMTP_URL, from: env.SMTP_FROM } : undefined,
    jwtSecret: env.JWT_SECRET,
    sessionHours: env.SESSION_HOURS,
    brandFile: env.BRAND_FILE,
    redisUrl: env.REDIS_URL,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    rateLimits: { ipPerMinute: env.RATE_LIMIT_IP_PER_MINUTE, emailPer15Minutes: env.RATE_LIMIT_EMAIL_PER_15_MINUTES },
    geoIp:
      env.GEOIP_PROVIDER === 'sandbox'
        ? { kind: 'sandbox', country: env.SANDBOX_GEOIP_COUNTRY }
        : { kind: 'database', file: env.GEOIP_DATABASE_FILE },
    geoIpEdgeHeader: env.GEOIP_EDGE_HEADER,
    // Development conveniences: on by default in tests (the e2e journeys) and development (the cooling-off's
    // development-only button), and turned off below beside a real party.
    testControls: env.TEST_CONTROLS ?? env.NODE_ENV !== 'production',
    webDistDir: env.WEB_DIST_DIR,
    rates: {
      provider: env.RATES_PROVIDER,
      refreshSeconds: env.RATES_REFRESH_SECONDS,
      maxAgeSeconds: env.RATES_MAX_AGE_SECONDS,
    },
    quoteTtlSeconds: env.QUOTE_TTL_SECONDS,
    bankRepriceToleranceBps: env.BANK_REPRICE_TOLERANCE_BPS,
    publicUrl: env.PUBLIC_URL,
    orderExpirySweepSeconds: env.ORDER_EXPIRY_SWEEP_SECONDS,
    nameChangeHoldHours: env.NAME_CHANGE_HOLD_HOURS,
    tradingFile: env.TRADING_FILE,
    jobsEnabled: env.JOBS_ENABLED,
    bankWebhookSecret: env.BANK_WEBHOOK_SECRET,
    pspWebhookSecret: env.PSP_WEBHOOK_SECRET,
    openBankingWebhookSecret: env.OPEN_BANKING_WEBHOOK_SECRET,
    psp:
      env.PSP_PROVIDER === 'stripe'
        ? {
            kind: 'stripe',
            secretKey: env.STRIPE_SECRET_KEY!,
            webhookSecret: env.PSP_WEBHOOK_SECRET!,
            publicUrl: env.PUBLIC_URL!,
          }
        : { kind: 'sandbox' },
    openBanking:
      env.OPEN_BANKING_PROVIDER === 'truelayer'
        ? {
            kind: 'truelayer',
            environment: env.TRUELAYER_ENVIRONMENT,
            clientId: env.TRUELAYER_CLIENT_ID!,
            clientSecret: env.TRUELAYER_CLIENT_SECRET!,
            signingKeyId: env.TRUELAYER_SIGNING_KEY_ID!,
            signingKeyPem: env.TRUELAYER_SIGNING_KEY_PEM!.replaceAll('\\n', '\n'),
            merchantAccountId: env.TRUELAYER_MERCHANT_ACCOUNT_ID!,
            publicUrl: env.PUBLIC_URL!,
          }
        : { kind: 'sandbox' },
    liquidity:
      env.LIQUIDITY_PROVIDER === 'ccxt'
        ? {
            kind: 'ccxt',
            exchangeId: env.LP_EXCHANGE,
            apiKey: env.LP_API_KEY!,
            secret: env.LP_API_SECRET!,
            withdrawParams,
            testnet: env.LP_TESTNET,
          }
        : { kind: 'sandbox' },
    bankPartner,
    identity:
      env.IDV_PROVIDER === 'sumsub'
        ? {
            kind: 'sumsub',
            appToken: env.SUMSUB_APP_TOKEN!,
            secretKey: env.SUMSUB_SECRET_KEY!,
            webhookSecret: env.SUMSUB_WEBHOOK_SECRET!,
            levelName: env.SUMSUB_LEVEL_NAME,
            baseUrl: env.SUMSUB_BASE_URL,
            publicUrl: env.PUBLIC_URL!,
          }
        : { kind: 'sandbox', webhookSecret: env.IDV_WEBHOOK_SECRET },
    esign:
      env.ESIGN_PROVIDER === 'docusign'
        ? {
            kind: 'docusign',
            integrationKey: env.DOCUSIGN_INTEGRATION_KEY!,
            userId: env.DOCUSIGN_USER_ID!,
            accountId: env.DOCUSIGN_ACCOUNT_ID!,
            privateKeyPem: env.DOCUSIGN_PRIVATE_KEY_PEM!.replace(/\\n/g, '\n'),
            connectHmacSecret: env.DOCUSIGN_CONNECT_HMAC_SECRET!,
            basePath: env.DOCUSIGN_BASE_PATH.replace(/\/+$/, ''),
            oauthHost: env.DOCUSIGN_OAUTH_HOST,
            publicUrl: env.PUBLIC_URL!.replace(/\/+$/, ''),
          }
        : { kind: 'sandbox', webhookSecret: env.ESIGN_WEBHOOK_SECRET },
    documents: {
      encryptionKey: env.DOCUMENTS_ENCRYPTION_KEY,
      maxBytes: env.DOCUMENTS_MAX_BYTES,
      maxPerCustomer: env.DOCUMENTS_MAX_PER_CUSTOMER,
      uploadsAtOnce: env.DOCUMENTS_UPLOADS_AT_ONCE,
      uploadsPerCustomer: env.DOCUMENTS_UPLOADS_PER_CUSTOMER,
      uploadWaitSeconds: env.DOCUMENTS_UPLOAD_WAIT_SECONDS,
    },
    passwordHashing: { concurrency: env.PASSWORD_HASH_CONCURRENCY, maxWaitMs: env.PASSWORD_HASH_MAX_WAIT_MS },
    journey: {
      skipSteps,
      enhancedChecksVolume,
      enhancedChecksWindowDays: env.ENHANCED_CHECKS_WINDOW_DAYS,
      highRiskCountries: env.HIGH_RISK_COUNTRIES,
    },
    operators: (env.OPERATOR_CREDENTIALS ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf(':')
        return { name: pair.slice(0, at), password: pair.slice(at + 1) }
      }),
    allowSandboxInProduction: env.ALLOW_SANDBOX_IN_PRODUCTION,
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
  }
  // Beside a party that moves real money or checks real identities, the conveniences a setting only defaults to are
  // off; set on purpose there, they are refused below, whatever NODE_ENV says (decision 070).
  if (!conveniencesAllowed(config)) {
    config.testControls = env.TEST_CONTROLS ?? false
    config.apiDocs = env.API_DOCS ?? false
  }
  const problems = deploymentProblems(config)
  if (problems.length > 0) throw new ConfigError(`Unsafe configuration:\n  ${problems.join('\n  ')}`)
  return config
}

const ReceivingIbans = z.partialRecord(
  FiatCurrency,
  z.string().transform(normalizeIban).refine(isValidIban, 'not a valid IBAN'),
)

function readBankPartner(env: z.infer<typeof ConfigSchema>): Config['bankPartner'] {
  if (env.BANK_PARTNER === 'sandbox') return { kind: 'sandbox' }
  const required = [
    'CLEARBANK_API_TOKEN',
    'CLEARBANK_PRIVATE_KEY_PEM',
    'CLEARBANK_WEBHOOK_PUBLIC_KEY_PEM',
    'CLEARBANK_RECEIVING_IBANS',
    'CLEARBANK_VIRTUAL_ACCOUNTS_PARENT_ID',
  ] as const
  const missing = required.filter((name) => !env[name])
  if (missing.length > 0)
    throw new ConfigError(`Invalid configuration:\n  BANK_PARTNER=clearbank needs ${missing.join(', ')}`)
  const ibans = ReceivingIbans.safeParse(safeJson(env.CLEARBANK_RECEIVING_IBANS!))
  if (!ibans.success)
    throw new ConfigError(
      'Invalid configuration:\n  CLEARBANK_RECEIVING_IBANS: expected JSON like {"gbp":"GB33BUKB20201555555555"} with valid IBANs per fiat',
    )
  const fiats = z
    .array(FiatCurrency)
    .min(1)
    .safeParse(
      env.CLEARBANK_VIRTUAL_IBAN_FIATS.split(',')
        .map((fiat) => fiat.trim().toLowerCase())
        .filter(Boolean),
    )
  if (!fiats.success)
    throw new ConfigError(
      'Invalid configuration:\n  CLEARBANK_VIRTUAL_IBAN_FIATS: expected fiats separated by commas, e.g. eur,usd',
    )
  const privateKeyPem = env.CLEARBANK_PRIVATE_KEY_PEM!.replaceAll('\\n', '\n')
  const webhookPublicKeyPem = env.CLEARBANK_WEBHOOK_PUBLIC_KEY_PEM!.replaceAll('\\n', '\n')
  for (const [name, read] of [
    ['CLEARBANK_PRIVATE_KEY_PEM', () => createPrivateKey(privateKeyPem)],
    ['CLEARBANK_WEBHOOK_PUBLIC_KEY_PEM', () => createPublicKey(webhookPublicKeyPem)],
  ] as const) {
    try {
      if (read().asymmetricKeyType !== 'rsa') throw new Error('not RSA')
    } catch {
      throw new ConfigError(`Invalid configuration:\n  ${name}: expected an RSA key in PEM form`)
    }
  }
  return {
    kind: 'clearbank',
    environment: env.CLEARBANK_ENVIRONMENT,
    apiToken: env.CLEARBANK_API_TOKEN!,
    privateKeyPem,
    webhookPublicKeyPem,
    receivingIbans: ibans.data,
    virtualAccountsParentId: env.CLEARBANK_VIRTUAL_ACCOUNTS_PARENT_ID!,
    virtualIbanFiats: fiats.data,
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
