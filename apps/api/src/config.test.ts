import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

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
      loadConfig({ DATABASE_URL: 'postgres://db.example.com/exchange', JWT_SECRET: 'x'.repeat(32) }).databaseUrl,
    ).toBe('postgres://db.example.com/exchange')
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

  it('reads operator credentials as name:password pairs and refuses short passwords', () => {
    expect(
      loadConfig({ OPERATOR_CREDENTIALS: 'anna:correct-horse-battery,ben:another-long-secret' }).operators,
    ).toEqual([
      { name: 'anna', password: 'correct-horse-battery' },
      { name: 'ben', password: 'another-long-secret' },
    ])
    expect(() => loadConfig({ OPERATOR_CREDENTIALS: 'anna:short' })).toThrow(/OPERATOR_CREDENTIALS/)
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
})
