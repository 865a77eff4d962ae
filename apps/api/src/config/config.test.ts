import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'
import { SMTP, everyPartyLive } from '../../test/support/live-parties'

describe('loadConfig', () => {
  it('defaults to port 3000, ./data, embedded database and the dev outbox', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      smtp: undefined,
      jwtSecret: undefined,
      env: 'development',
    })
    expect(config.rateLimits).toEqual({ ipPerMinute: 30, emailPer15Minutes: 10 })
  })

  it('reads PORT, DATA_DIR and SESSION_HOURS', () => {
    expect(loadConfig({ PORT: '8080', DATA_DIR: '/var/lib/exchange', SESSION_HOURS: '8' })).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/exchange',
      sessionHours: 8,
    })
  })

  it('uses SMTP when SMTP_URL and SMTP_FROM are set', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://mail.example.com:587',
      SMTP_FROM: 'Helvex <no-reply@helvex.example>',
    })
    expect(config.smtp).toEqual({ url: 'smtp://mail.example.com:587', from: 'Helvex <no-reply@helvex.example>' })
  })

  it('refuses SMTP_URL without SMTP_FROM', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(/SMTP_FROM/)
  })

  it('needs JWT_SECRET with DATABASE_URL, because every process must share it', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db.example.com/exchange' })).toThrow(ConfigError)
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://db.example.com/exchange',
        JWT_SECRET: 'x'.repeat(32),
        DOCUMENTS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      }).databaseUrl,
    ).toBe('postgres://db.example.com/exchange')
  })

  it('needs the documents key with DATABASE_URL, so that every process reads the same files', () => {
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://db.example.com/exchange', JWT_SECRET: 'x'.repeat(32) }),
    ).toThrow(/DOCUMENTS_ENCRYPTION_KEY/)
    expect(() => loadConfig({ DOCUMENTS_ENCRYPTION_KEY: 'dG9vIHNob3J0' })).toThrow(/32 bytes/)
  })

  it('loads Sumsub only with its keys and a public address', () => {
    expect(loadConfig({}).identity).toEqual({ kind: 'sandbox', webhookSecret: undefined })
    expect(() => loadConfig({ IDV_PROVIDER: 'sumsub', SUMSUB_APP_TOKEN: 'sbx:token' })).toThrow(
      /IDV_PROVIDER=sumsub needs SUMSUB_SECRET_KEY, SUMSUB_WEBHOOK_SECRET, PUBLIC_URL/,
    )
    expect(() => loadConfig({ ESIGN_PROVIDER: 'docusign', DOCUSIGN_INTEGRATION_KEY: 'key' })).toThrow(
      /ESIGN_PROVIDER=docusign needs DOCUSIGN_USER_ID, DOCUSIGN_ACCOUNT_ID, DOCUSIGN_PRIVATE_KEY_PEM, DOCUSIGN_CONNECT_HMAC_SECRET, PUBLIC_URL/,
    )
    expect(
      loadConfig({
        IDV_PROVIDER: 'sumsub',
        SUMSUB_APP_TOKEN: 'sbx:token',
        SUMSUB_SECRET_KEY: 'secret',
        SUMSUB_WEBHOOK_SECRET: 'webhook-secret',
        PUBLIC_URL: 'https://exchange.example',
      }).identity,
    ).toMatchObject({ kind: 'sumsub', levelName: 'basic-kyc-level', baseUrl: 'https://api.sumsub.com' })
  })

  it('names every bad variable in one message', () => {
    expect(() => loadConfig({ PORT: 'abc', JWT_SECRET: 'short', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*PORT/,
    )
  })

  it('uses the sandbox PSP unless Stripe is configured completely', () => {
    expect(loadConfig({}).psp).toEqual({ kind: 'sandbox' })
    expect(() => loadConfig({ PSP_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/PUBLIC_URL/)
    expect(
      loadConfig({
        PSP_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        PSP_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
        PUBLIC_URL: 'https://exchange.example',
      }).psp,
    ).toEqual({
      kind: 'stripe',
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_0123456789abcdef',
      publicUrl: 'https://exchange.example',
    })
  })

  it("reads the operators' session times, and refuses the removed shared operator login with the way on", () => {
    expect(loadConfig({}).operatorSessions).toEqual({ idleMinutes: 30, hours: 12 })
    expect(loadConfig({ OPERATOR_IDLE_MINUTES: '15', OPERATOR_SESSION_HOURS: '8' }).operatorSessions).toEqual({
      idleMinutes: 15,
      hours: 8,
    })
    expect(() => loadConfig({ OPERATOR_IDLE_MINUTES: '1' })).toThrow(/OPERATOR_IDLE_MINUTES/)
    expect(() => loadConfig({ OPERATOR_CREDENTIALS: 'anna:correct-horse-battery' })).toThrow(
      /OPERATOR_CREDENTIALS: removed: operators sign in with their own accounts \(decision 127\)\. Unset it and create the first admin with `npm run operator -- create-admin/,
    )
  })

  it('uses the sandbox pay-by-bank unless TrueLayer is configured completely, and names what is missing', () => {
    expect(loadConfig({}).openBanking).toEqual({ kind: 'sandbox' })
    expect(() => loadConfig({ OPEN_BANKING_PROVIDER: 'truelayer', TRUELAYER_CLIENT_ID: 'id' })).toThrow(
      /TRUELAYER_CLIENT_SECRET.*PUBLIC_URL/,
    )
    const config = loadConfig({
      OPEN_BANKING_PROVIDER: 'truelayer',
      TRUELAYER_CLIENT_ID: 'id',
      TRUELAYER_CLIENT_SECRET: 'secret',
      TRUELAYER_SIGNING_KEY_ID: 'kid',
      TRUELAYER_SIGNING_KEY_PEM: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
      TRUELAYER_MERCHANT_ACCOUNT_ID: 'ma',
      PUBLIC_URL: 'https://exchange.example',
    })
    expect(config.openBanking).toMatchObject({
      kind: 'truelayer',
      environment: 'sandbox',
      signingKeyPem: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
    })
  })

  it('uses the sandbox bank partner unless ClearBank is configured completely, and checks its keys and accounts', () => {
    expect(loadConfig({}).bankPartner).toEqual({ kind: 'sandbox' })
    expect(() => loadConfig({ BANK_PARTNER: 'clearbank', CLEARBANK_API_TOKEN: 'token' })).toThrow(
      /CLEARBANK_PRIVATE_KEY_PEM.*CLEARBANK_VIRTUAL_ACCOUNTS_PARENT_ID/,
    )
    const keys = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    })
    const escaped = (pem: string) => pem.trim().replaceAll('\n', '\\n')
    const complete = {
      BANK_PARTNER: 'clearbank',
      CLEARBANK_API_TOKEN: 'token',
      CLEARBANK_PRIVATE_KEY_PEM: escaped(keys.privateKey),
      CLEARBANK_WEBHOOK_PUBLIC_KEY_PEM: escaped(keys.publicKey),
      CLEARBANK_RECEIVING_IBANS: '{"gbp":"GB59 CLRB 0406 6500 0011 11"}',
      CLEARBANK_VIRTUAL_ACCOUNTS_PARENT_ID: '5602a737-675f-4c85-bbc1-d5d4b4478e64',
    }
    expect(loadConfig(complete).bankPartner).toMatchObject({
      kind: 'clearbank',
      environment: 'simulation',
      receivingIbans: { gbp: 'GB59CLRB04066500001111' },
      privateKeyPem: keys.privateKey.trim(),
      virtualIbanFiats: ['eur'],
    })
    expect(loadConfig({ ...complete, CLEARBANK_VIRTUAL_IBAN_FIATS: 'EUR, usd' }).bankPartner).toMatchObject({
      virtualIbanFiats: ['eur', 'usd'],
    })
    expect(() => loadConfig({ ...complete, CLEARBANK_VIRTUAL_IBAN_FIATS: 'eur,sek' })).toThrow(
      /CLEARBANK_VIRTUAL_IBAN_FIATS/,
    )
    expect(() => loadConfig({ ...complete, CLEARBANK_RECEIVING_IBANS: '{"gbp":"GB00CLRB04066500001111"}' })).toThrow(
      /CLEARBANK_RECEIVING_IBANS/,
    )
    expect(() => loadConfig({ ...complete, CLEARBANK_RECEIVING_IBANS: '{"sek":"GB59CLRB04066500001111"}' })).toThrow(
      /CLEARBANK_RECEIVING_IBANS/,
    )
    expect(() => loadConfig({ ...complete, CLEARBANK_PRIVATE_KEY_PEM: 'not a key' })).toThrow(
      /CLEARBANK_PRIVATE_KEY_PEM: expected an RSA key/,
    )
    const ec = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    })
    expect(() => loadConfig({ ...complete, CLEARBANK_WEBHOOK_PUBLIC_KEY_PEM: ec.publicKey })).toThrow(
      /CLEARBANK_WEBHOOK_PUBLIC_KEY_PEM: expected an RSA key/,
    )
  })

  it('turns the API documentation off by default in production only, and API_DOCS decides', () => {
    expect(loadConfig({}).apiDocs).toBe(true)
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true)
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false)
    expect(loadConfig({ ...SHARED_DEMO }).apiDocs).toBe(false)
    expect(loadConfig({ ...SHARED_DEMO, API_DOCS: 'true' }).apiDocs).toBe(true)
  })

  it('asks every journey step unless a demo leaves some out', () => {
    expect(loadConfig(SHARED_DEMO).journey.skipSteps).toEqual([])
    // Development asks the UK steps too: their screens exist, and the clock control passes the cooling-off (043).
    expect(loadConfig({}).journey.skipSteps).toEqual([])
    expect(loadConfig({ NODE_ENV: 'test' }).journey.skipSteps).toEqual([])
    expect(loadConfig({ JOURNEY_SKIP_STEPS: '' }).journey.skipSteps).toEqual([])
    expect(loadConfig({ JOURNEY_SKIP_STEPS: 'enhanced_checks' }).journey.skipSteps).toEqual(['enhanced_checks'])
  })

  it('reads the visitor country from the bundled database by default, behind an edge header only when told', () => {
    expect(loadConfig({})).toMatchObject({ geoIp: { kind: 'database', file: undefined }, geoIpEdgeHeader: undefined })
    expect(loadConfig({ GEOIP_PROVIDER: 'sandbox', SANDBOX_GEOIP_COUNTRY: 'ch' }).geoIp).toEqual({
      kind: 'sandbox',
      country: 'CH',
    })
    expect(loadConfig({ GEOIP_EDGE_HEADER: 'CF-IPCountry' }).geoIpEdgeHeader).toBe('cf-ipcountry')
    expect(() => loadConfig({ GEOIP_EDGE_HEADER: 'cf ipcountry: GB' })).toThrow(/GEOIP_EDGE_HEADER/)
  })

  it('counts a sandbox geo-IP as a party that is not live', () => {
    expect(() =>
      loadConfig({ ...SHARED_DEMO, GEOIP_PROVIDER: 'sandbox', ALLOW_SANDBOX_IN_PRODUCTION: 'false' }),
    ).toThrow(/geo-IP sandbox \(GEOIP_PROVIDER\)/)
  })

  it('has test controls in tests and development, never in production nor beside real money', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).testControls).toBe(true)
    expect(loadConfig({ NODE_ENV: 'test', TEST_CONTROLS: 'false' }).testControls).toBe(false)
    expect(loadConfig({}).testControls).toBe(true)
    expect(loadConfig({ TEST_CONTROLS: 'false' }).testControls).toBe(false)
    expect(loadConfig(SHARED_DEMO).testControls).toBe(false)
    expect(() => loadConfig({ ...SHARED_DEMO, TEST_CONTROLS: 'true' })).toThrow(/TEST_CONTROLS/)
  })

  it('has the thresholds of decision 036 by default', () => {
    const { journey } = loadConfig({})
    expect(journey.enhancedChecksVolume).toEqual({ eur: '15000.00', chf: '15000.00', gbp: '12500.00', usd: '17500.00' })
    expect(journey.enhancedChecksWindowDays).toBe(365)
    expect(journey.highRiskCountries).toContain('KP')
  })

  it('reads the journey thresholds, and refuses bad ones naming them', () => {
    const journey = loadConfig({
      ENHANCED_CHECKS_VOLUME: '{"chf":"10000.00"}',
      HIGH_RISK_COUNTRIES: 'ng, ir',
      JOURNEY_SKIP_STEPS: 'source_of_funds',
    }).journey
    expect(journey.enhancedChecksVolume).toMatchObject({ eur: '15000.00', chf: '10000.00' })
    expect(journey.highRiskCountries).toEqual(['NG', 'IR'])
    expect(journey.skipSteps).toEqual(['source_of_funds'])
    expect(() => loadConfig({ ENHANCED_CHECKS_VOLUME: '{"jpy":"1"}' })).toThrow(/ENHANCED_CHECKS_VOLUME/)
    expect(() => loadConfig({ ENHANCED_CHECKS_VOLUME: '{"eur":"0"}' })).toThrow(/ENHANCED_CHECKS_VOLUME/)
    expect(() => loadConfig({ HIGH_RISK_COUNTRIES: 'Nigeria' })).toThrow(/HIGH_RISK_COUNTRIES/)
    expect(() => loadConfig({ JOURNEY_SKIP_STEPS: 'identity,kyc' })).toThrow(/JOURNEY_SKIP_STEPS/)
  })

  it('refuses to skip a journey step in production', () => {
    expect(() => loadConfig({ ...SHARED_DEMO, JOURNEY_SKIP_STEPS: 'source_of_funds' })).toThrow(
      /JOURNEY_SKIP_STEPS: a production deployment asks every journey step/,
    )
  })
})

/** Production settings a shared demo or staging runs with: real mail, sandboxes allowed (behind an operator's sign-in). */
const SHARED_DEMO = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example.com:587',
  SMTP_FROM: 'Helvex <no-reply@helvex.example>',
  ALLOW_SANDBOX_IN_PRODUCTION: 'true',
}

describe('loadConfig refuses an unsafe deployment', () => {
  it('refuses a real exchange beside sandbox payment parties, even in development and even when sandboxes are allowed', () => {
    const ccxt = { LIQUIDITY_PROVIDER: 'ccxt', LP_API_KEY: 'key', LP_API_SECRET: 'secret' }
    expect(() => loadConfig(ccxt)).toThrow(ConfigError)
    expect(() => loadConfig(ccxt)).toThrow(
      /liquidity provider live \(LIQUIDITY_PROVIDER, LP_TESTNET\) moves real money.*card PSP sandbox \(PSP_PROVIDER.*open banking sandbox \(OPEN_BANKING_PROVIDER.*bank partner sandbox \(BANK_PARTNER.*price feed sandbox \(RATES_PROVIDER/,
    )
    expect(() => loadConfig({ ...SHARED_DEMO, ...ccxt })).toThrow(/LIQUIDITY_PROVIDER, LP_TESTNET\) moves real money/)
  })

  it('refuses a real exchange beside a party in its test environment (Stripe test keys pay with test cards)', () => {
    expect(() => loadConfig({ ...everyPartyLive(), STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /every party must be live, but these are not: card PSP test \(PSP_PROVIDER, STRIPE_SECRET_KEY\)$/m,
    )
    expect(() => loadConfig({ ...everyPartyLive(), CLEARBANK_ENVIRONMENT: 'simulation' })).toThrow(
      /bank partner test \(BANK_PARTNER, CLEARBANK_ENVIRONMENT\)/,
    )
    expect(() => loadConfig({ ...everyPartyLive(), SUMSUB_APP_TOKEN: 'sbx:token' })).toThrow(
      /identity verification test \(IDV_PROVIDER, SUMSUB_APP_TOKEN\)/,
    )
    // DocuSign's developer environment is the default base path: a production deployment names the live one.
    const { DOCUSIGN_BASE_PATH: _live, ...developerDocusign } = everyPartyLive()
    expect(() => loadConfig(developerDocusign)).toThrow(
      /e-signature test \(ESIGN_PROVIDER, DOCUSIGN_BASE_PATH, DOCUSIGN_OAUTH_HOST\)/,
    )
  })

  it('refuses real payments beside an exchange on its testnet, whose coins are worth nothing', () => {
    expect(() => loadConfig({ ...everyPartyLive(), LP_TESTNET: 'true' })).toThrow(
      /card PSP live .* moves real money, so every party must be live, but these are not: liquidity provider test \(LIQUIDITY_PROVIDER, LP_TESTNET\)/,
    )
    // Beside sandbox payments, for a staging that moves test coins, it runs.
    const staging = loadConfig({
      LIQUIDITY_PROVIDER: 'ccxt',
      LP_API_KEY: 'key',
      LP_API_SECRET: 'secret',
      LP_TESTNET: 'true',
    })
    expect(staging.liquidity).toMatchObject({ kind: 'ccxt', testnet: true })
  })

  it('refuses a real card payment beside a sandbox exchange that would deliver nothing', () => {
    expect(() =>
      loadConfig({
        PSP_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_x',
        PSP_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
        PUBLIC_URL: 'https://exchange.example',
      }),
    ).toThrow(/card PSP live \(PSP_PROVIDER, STRIPE_SECRET_KEY\) moves real money.*liquidity provider sandbox/)
  })

  it('runs every party live in production', () => {
    const config = loadConfig({ ...everyPartyLive(), ...SMTP, NODE_ENV: 'production' })
    expect(config).toMatchObject({ env: 'production', liquidity: { kind: 'ccxt' }, apiDocs: false })
  })

  it('keeps the server clock fixed beside real money, in development too, and refuses it when asked for there', () => {
    expect(loadConfig({ ...everyPartyLive(), ...SMTP, NODE_ENV: 'development' }).testControls).toBe(false)
    expect(() => loadConfig({ ...everyPartyLive(), ...SMTP, NODE_ENV: 'development', TEST_CONTROLS: 'true' })).toThrow(
      /TEST_CONTROLS: the test controls \(a movable server clock at \/test\/clock\) cannot run beside .* which move real money/,
    )
  })

  it('refuses production without a mail transport, and with the dev outbox forced on', () => {
    const production = { ...SHARED_DEMO, SMTP_URL: undefined, SMTP_FROM: undefined }
    expect(() => loadConfig(production)).toThrow(
      /SMTP_URL, SMTP_FROM, DEV_OUTBOX: NODE_ENV=production needs a mail transport/,
    )
    expect(() => loadConfig({ ...SHARED_DEMO, DEV_OUTBOX: 'true' })).toThrow(/needs a mail transport/)
  })

  it('refuses sandbox parties in production unless ALLOW_SANDBOX_IN_PRODUCTION says so', () => {
    const production = { ...SHARED_DEMO, ALLOW_SANDBOX_IN_PRODUCTION: undefined }
    expect(() => loadConfig(production)).toThrow(
      /NODE_ENV=production with parties that are not live: card PSP sandbox.*; set them live, or ALLOW_SANDBOX_IN_PRODUCTION=true/,
    )
    expect(() => loadConfig({ ...production, ALLOW_SANDBOX_IN_PRODUCTION: 'false' })).toThrow(
      /ALLOW_SANDBOX_IN_PRODUCTION=true for a shared demo/,
    )
    expect(loadConfig(SHARED_DEMO)).toMatchObject({ env: 'production', allowSandboxInProduction: true })
  })

  it('names every problem in one message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL[\s\S]*ALLOW_SANDBOX_IN_PRODUCTION/)
  })
})
