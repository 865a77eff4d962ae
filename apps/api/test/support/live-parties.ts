import { generateKeyPairSync } from 'node:crypto'

/** Real mail, as a deployment sends it (nothing listens there: the tests' apps run no mail jobs). */
export const SMTP = { SMTP_URL: 'smtp://127.0.0.1:2', SMTP_FROM: 'Helvex <no-reply@helvex.example>' } as const

let clearBankKeys: { publicKey: string; privateKey: string } | undefined

/** Our key and ClearBank's, as PEM: config reads both, and an RSA key takes a while to make, so one pair serves all. */
function keys() {
  clearBankKeys ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  return clearBankKeys
}

/**
 * Every party in its own test environment, none a sandbox of ours: Stripe test keys, TrueLayer's sandbox, ClearBank's
 * simulation, the exchange's testnet, Sumsub's sandbox app, DocuSign's developer environment; Kraken's public prices
 * and the bundled country database (decision 020).
 */
export function partiesInTestEnvironments(): Record<string, string> {
  const { publicKey, privateKey } = keys()
  return {
    PUBLIC_URL: 'https://exchange.example',
    PSP_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_x',
    PSP_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
    OPEN_BANKING_PROVIDER: 'truelayer',
    TRUELAYER_ENVIRONMENT: 'sandbox',
    TRUELAYER_CLIENT_ID: 'id',
    TRUELAYER_CLIENT_SECRET: 'secret',
    TRUELAYER_SIGNING_KEY_ID: 'kid',
    TRUELAYER_SIGNING_KEY_PEM: 'pem',
    TRUELAYER_MERCHANT_ACCOUNT_ID: 'ma',
    BANK_PARTNER: 'clearbank',
    CLEARBANK_ENVIRONMENT: 'simulation',
    CLEARBANK_API_TOKEN: 'token',
    CLEARBANK_PRIVATE_KEY_PEM: privateKey,
    CLEARBANK_WEBHOOK_PUBLIC_KEY_PEM: publicKey,
    CLEARBANK_RECEIVING_IBANS: '{"gbp":"GB59 CLRB 0406 6500 0011 11"}',
    CLEARBANK_VIRTUAL_ACCOUNTS_PARENT_ID: '5602a737-675f-4c85-bbc1-d5d4b4478e64',
    LIQUIDITY_PROVIDER: 'ccxt',
    LP_API_KEY: 'key',
    LP_API_SECRET: 'secret',
    LP_TESTNET: 'true',
    RATES_PROVIDER: 'kraken',
    GEOIP_PROVIDER: 'database',
    IDV_PROVIDER: 'sumsub',
    SUMSUB_APP_TOKEN: 'sbx:token',
    SUMSUB_SECRET_KEY: 'secret',
    SUMSUB_WEBHOOK_SECRET: 'webhook-secret',
    ESIGN_PROVIDER: 'docusign',
    DOCUSIGN_INTEGRATION_KEY: 'integration-key',
    DOCUSIGN_USER_ID: 'user-id',
    DOCUSIGN_ACCOUNT_ID: 'account-id',
    DOCUSIGN_PRIVATE_KEY_PEM: 'pem',
    DOCUSIGN_CONNECT_HMAC_SECRET: 'connect-hmac-secret',
  }
}

const LIVE_DOCUSIGN = {
  DOCUSIGN_BASE_PATH: 'https://eu.docusign.net/restapi',
  DOCUSIGN_OAUTH_HOST: 'account.docusign.com',
} as const

/**
 * Every party live: Stripe live keys, TrueLayer live, ClearBank production, a real exchange, Kraken prices, Sumsub
 * production, DocuSign production. Real money and real identities.
 */
export function everyPartyLive(): Record<string, string> {
  return {
    ...partiesInTestEnvironments(),
    STRIPE_SECRET_KEY: 'sk_live_x',
    TRUELAYER_ENVIRONMENT: 'live',
    CLEARBANK_ENVIRONMENT: 'production',
    LP_TESTNET: 'false',
    SUMSUB_APP_TOKEN: 'prd:token',
    ...LIVE_DOCUSIGN,
  }
}

/** A staging that checks real identities (Sumsub production) while money moves only in test environments. */
export function realIdentityChecks(): Record<string, string> {
  return { ...partiesInTestEnvironments(), SUMSUB_APP_TOKEN: 'prd:token' }
}

/** A staging whose agreements are signed for real (DocuSign production) while everything else is a test. */
export function realSignatures(): Record<string, string> {
  return { ...partiesInTestEnvironments(), ...LIVE_DOCUSIGN }
}
