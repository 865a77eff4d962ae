import { generateKeyPairSync, sign } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { createTrueLayerOpenBanking } from './truelayer-open-banking.provider'

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8')
const SANDBOX_JWKS = 'https://webhooks.truelayer-sandbox.com/.well-known/jwks'
const PATH = '/v1/webhooks/open-banking'

/** A stand-in for TrueLayer's webhook key: a P-521 key published in a JWKS, as TrueLayer publishes its own. */
const webhookKey = generateKeyPairSync('ec', { namedCurve: 'secp521r1' })
const requestKey = generateKeyPairSync('ec', { namedCurve: 'secp521r1' })
const jwks = JSON.stringify({
  keys: [{ ...webhookKey.publicKey.export({ format: 'jwk' }), kid: 'tl-webhook-key', alg: 'ES512', use: 'sig' }],
})

const b64url = (text: string | Buffer) => Buffer.from(text).toString('base64url')

/** Signs a webhook the way TrueLayer does: JWS ES512, detached payload "METHOD path\nHeader: value\nbody", jku in the header. */
function signWebhook(body: string, timestamp: string, jku = SANDBOX_JWKS, key = webhookKey.privateKey) {
  const header = b64url(
    JSON.stringify({ alg: 'ES512', kid: 'tl-webhook-key', tl_version: '2', tl_headers: 'X-Tl-Webhook-Timestamp', jku }),
  )
  const payload = b64url(`POST ${PATH}\nX-Tl-Webhook-Timestamp: ${timestamp}\n${body}`)
  const signature = sign('sha512', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }).toString(
    'base64url',
  )
  return `${header}..${signature}`
}

function recordedTrueLayer(getPayment = 'truelayer-get-payment-executed.json') {
  const calls: { url: string; init: RequestInit | undefined }[] = []
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init })
    const path = new URL(String(url)).pathname
    const body =
      path === '/connect/token'
        ? fixture('truelayer-token.json')
        : path === '/v3/payments'
          ? fixture('truelayer-create-payment.json')
          : path === '/.well-known/jwks'
            ? jwks
            : path.startsWith('/v3/payments/')
              ? fixture(getPayment)
              : '{}'
    return new Response(body, {
      status: path === '/v3/payments' ? 201 : 200,
      headers: { 'content-type': 'application/json' },
    })
  }) as unknown as typeof fetch
  const provider = createTrueLayerOpenBanking({
    environment: 'sandbox',
    clientId: 'sandbox-client',
    clientSecret: 'sandbox-secret',
    signingKeyId: 'our-request-key',
    signingKeyPem: requestKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    merchantAccountId: 'merchant-account-1',
    publicUrl: 'https://exchange.example',
    fetchImpl,
  })
  return { provider, calls }
}

const NOW = Date.parse('2026-11-22T09:00:00Z') / 1000
const STAMP = '2026-11-22T09:00:00Z'
const notice = (body: string, headers: Record<string, string>) => ({
  rawBody: body,
  headers,
  path: PATH,
  nowSeconds: NOW,
})

describe('TrueLayer pay-by-bank adapter (recorded answers)', () => {
  it('creates a signed payment to our merchant account and answers the hosted payment page', async () => {
    const { provider, calls } = recordedTrueLayer()
    const consent = await provider.createConsent({
      orderReference: 'ABCDEFGH23',
      amount: '250.00',
      currency: 'gbp',
      bankId: 'ob-natwest',
      payerName: 'Ada Lovelace',
      returnUrl: '/dashboard-returncc?session_id={SESSION_ID}',
    })
    expect(consent.consentId).toBe('1b5f8ed5-0c4a-4c0e-b1a3-2f0f2b0b6b1e')
    const url = new URL(consent.authUrl)
    expect(url.origin).toBe('https://payment.truelayer-sandbox.com')
    expect(url.searchParams.get('resource_token')).toContain('recorded-resource-token')
    expect(url.searchParams.get('return_uri')).toBe(
      'https://exchange.example/dashboard-returncc?session_id=1b5f8ed5-0c4a-4c0e-b1a3-2f0f2b0b6b1e',
    )

    expect(calls[0]?.url).toBe('https://auth.truelayer-sandbox.com/connect/token')
    const payment = calls[1]!
    expect(payment.url).toBe('https://api.truelayer-sandbox.com/v3/payments')
    const headers = payment.init?.headers as Record<string, string>
    expect(headers['tl-signature']).toMatch(/^[\w-]+\.\.[\w-]+$/)
    expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    const sent = JSON.parse(String(payment.init?.body))
    expect(sent).toMatchObject({
      amount_in_minor: 25000,
      currency: 'GBP',
      payment_method: {
        provider_selection: { provider_id: 'ob-natwest' },
        beneficiary: { merchant_account_id: 'merchant-account-1', reference: 'ABCDEFGH23' },
      },
    })
  })

  it('accepts a webhook signed with the key TrueLayer publishes, and reads executed and failed payments', async () => {
    const { provider } = recordedTrueLayer()
    const executed = JSON.stringify({ type: 'payment_executed', event_id: 'evt-1', payment_id: 'pay-1' })
    expect(
      await provider.verifyNotification(
        notice(executed, { 'tl-signature': signWebhook(executed, STAMP), 'x-tl-webhook-timestamp': STAMP }),
      ),
    ).toEqual({ eventId: 'evt-1', sessionId: 'pay-1', outcome: 'succeeded' })
    const failed = JSON.stringify({
      type: 'payment_failed',
      event_id: 'evt-2',
      payment_id: 'pay-2',
      failure_reason: 'canceled',
    })
    expect(
      await provider.verifyNotification(
        notice(failed, { 'tl-signature': signWebhook(failed, STAMP), 'x-tl-webhook-timestamp': STAMP }),
      ),
    ).toMatchObject({ outcome: 'failed', failureReason: 'You cancelled the payment at your bank.' })
  })

  it('refuses a webhook signed by another key, one naming another key set, a changed body and an old one', async () => {
    const { provider } = recordedTrueLayer()
    const body = JSON.stringify({ type: 'payment_executed', event_id: 'evt-3', payment_id: 'pay-3' })
    const stranger = generateKeyPairSync('ec', { namedCurve: 'secp521r1' }).privateKey
    expect(
      await provider.verifyNotification(
        notice(body, {
          'tl-signature': signWebhook(body, STAMP, SANDBOX_JWKS, stranger),
          'x-tl-webhook-timestamp': STAMP,
        }),
      ),
    ).toBeUndefined()
    expect(
      await provider.verifyNotification(
        notice(body, {
          'tl-signature': signWebhook(body, STAMP, 'https://attacker.example/jwks'),
          'x-tl-webhook-timestamp': STAMP,
        }),
      ),
    ).toBeUndefined()
    expect(
      await provider.verifyNotification(
        notice(body.replace('pay-3', 'pay-4'), {
          'tl-signature': signWebhook(body, STAMP),
          'x-tl-webhook-timestamp': STAMP,
        }),
      ),
    ).toBeUndefined()
    const old = '2026-11-22T08:00:00Z'
    expect(
      await provider.verifyNotification(
        notice(body, { 'tl-signature': signWebhook(body, old), 'x-tl-webhook-timestamp': old }),
      ),
    ).toBeUndefined()
  })

  it('acknowledges a genuine event it has nothing to do for', async () => {
    const { provider } = recordedTrueLayer()
    const body = JSON.stringify({ type: 'payment_authorized', event_id: 'evt-5', payment_id: 'pay-5' })
    expect(
      await provider.verifyNotification(
        notice(body, { 'tl-signature': signWebhook(body, STAMP), 'x-tl-webhook-timestamp': STAMP }),
      ),
    ).toBeNull()
  })

  it('looks a payment up by its id with the access token: executed pays, failed says why, authorizing waits', async () => {
    const executed = recordedTrueLayer('truelayer-get-payment-executed.json')
    expect(await executed.provider.lookupPayment('1b5f8ed5-0c4a-4c0e-b1a3-2f0f2b0b6b1e')).toEqual({
      outcome: 'succeeded',
    })
    const get = executed.calls.find((call) => call.url.includes('/v3/payments/'))!
    expect(get.url).toBe('https://api.truelayer-sandbox.com/v3/payments/1b5f8ed5-0c4a-4c0e-b1a3-2f0f2b0b6b1e')
    expect(get.init?.method ?? 'GET').toBe('GET')
    expect((get.init?.headers as Record<string, string>).authorization).toMatch(/^Bearer eyJ/)

    const failed = recordedTrueLayer('truelayer-get-payment-failed.json')
    expect(await failed.provider.lookupPayment('1b5f8ed5-0c4a-4c0e-b1a3-2f0f2b0b6b1e')).toEqual({
      outcome: 'failed',
      failureReason: 'You cancelled the payment at your bank.',
    })
    const waiting = recordedTrueLayer('truelayer-get-payment-authorizing.json')
    expect(await waiting.provider.lookupPayment('1b5f8ed5-0c4a-4c0e-b1a3-2f0f2b0b6b1e')).toEqual({
      outcome: 'pending',
    })
  })

  it('refuses an answer about another payment instead of reading it as ours', async () => {
    const { provider } = recordedTrueLayer('truelayer-get-payment-executed.json')
    await expect(provider.lookupPayment('another-payment-id')).rejects.toThrow(/another payment/)
  })
})
