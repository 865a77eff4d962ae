import { readFileSync } from 'node:fs'
import Stripe from 'stripe'
import { describe, expect, it, vi } from 'vitest'
import { createStripePsp, toMinorUnits } from './stripe-psp.provider'

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8')
const recordedSession = fixture('stripe-checkout-session.json')
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef'

/** A Stripe client whose HTTP answers are recorded ones, keeping what it was asked. */
function recordedStripe(answer: string) {
  const calls: { url: string; body: string }[] = []
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), body: String(init?.body ?? '') })
    return new Response(answer, {
      status: 200,
      headers: { 'content-type': 'application/json', 'request-id': 'req_test' },
    })
  })
  const client = new Stripe('sk_test_recorded', {
    httpClient: Stripe.createFetchHttpClient(fetchImpl as unknown as typeof fetch),
    maxNetworkRetries: 0,
  })
  return { client, calls }
}

function notice(rawBody: string, signature: string, nowSeconds: number) {
  return { rawBody, headers: { 'stripe-signature': signature }, path: '/v1/webhooks/psp', nowSeconds }
}

function event(type: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id: 'evt_1QfX2',
    object: 'event',
    type,
    api_version: '2025-01-27',
    created: 1_795_000_000,
    livemode: false,
    data: { object: { id: 'cs_test_a1b2c3d4e5f6g7h8i9j0', object: 'checkout.session', ...object } },
  })
}

describe('Stripe Checkout adapter (recorded answers)', () => {
  it('creates a checkout session for the order amount in minor units and answers its hosted URL', async () => {
    const { client, calls } = recordedStripe(recordedSession)
    const psp = createStripePsp({
      secretKey: 'sk_test_recorded',
      webhookSecret: WEBHOOK_SECRET,
      publicUrl: 'https://exchange.example',
      client,
    })
    const session = await psp.createCheckout({
      orderReference: 'ABCDEFGH23',
      amount: '250.00',
      currency: 'eur',
      customerEmail: 'ada@example.com',
      returnUrl: '/dashboard-returncc?session_id={SESSION_ID}',
    })
    expect(session).toEqual({
      sessionId: 'cs_test_a1b2c3d4e5f6g7h8i9j0',
      checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
    })
    expect(calls[0]?.url).toBe('https://api.stripe.com/v1/checkout/sessions')
    const sent = new URLSearchParams(calls[0]!.body)
    expect(sent.get('mode')).toBe('payment')
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('25000')
    expect(sent.get('line_items[0][price_data][currency]')).toBe('eur')
    expect(sent.get('client_reference_id')).toBe('ABCDEFGH23')
    expect(sent.get('success_url')).toBe('https://exchange.example/dashboard-returncc?session_id={CHECKOUT_SESSION_ID}')
  })

  it('turns decimal strings into minor units without floats', () => {
    expect(toMinorUnits('250.00')).toBe(25000)
    expect(toMinorUnits('0.1')).toBe(10)
    expect(toMinorUnits('1234567.89')).toBe(123456789)
  })

  it('accepts a correctly signed completed session and refuses a forged or stale one', async () => {
    const { client } = recordedStripe(recordedSession)
    const psp = createStripePsp({
      secretKey: 'sk_test_recorded',
      webhookSecret: WEBHOOK_SECRET,
      publicUrl: 'https://exchange.example',
      client,
    })
    const payload = event('checkout.session.completed', { payment_status: 'paid' })
    const now = 1_795_000_100
    const header = client.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: now })
    expect(await psp.verifyNotification(notice(payload, header, now))).toEqual({
      eventId: 'evt_1QfX2',
      sessionId: 'cs_test_a1b2c3d4e5f6g7h8i9j0',
      outcome: 'succeeded',
    })

    const forged = client.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else', timestamp: now })
    expect(await psp.verifyNotification(notice(payload, forged, now))).toBeUndefined()
    expect(await psp.verifyNotification(notice(payload, header, now + 600))).toBeUndefined()
    expect(await psp.verifyNotification(notice(payload.replace('paid', 'unpaid'), header, now))).toBeUndefined()
  })

  it('reads an expired or failed session as a failure in plain words, and waits on an unpaid completion', async () => {
    const { client } = recordedStripe(recordedSession)
    const psp = createStripePsp({
      secretKey: 'sk_test_recorded',
      webhookSecret: WEBHOOK_SECRET,
      publicUrl: 'https://exchange.example',
      client,
    })
    const now = 1_795_000_100
    const signed = (payload: string) =>
      [payload, client.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: now })] as const
    const [expired, expiredHeader] = signed(event('checkout.session.expired', { payment_status: 'unpaid' }))
    expect(await psp.verifyNotification(notice(expired, expiredHeader, now))).toMatchObject({
      outcome: 'failed',
      failureReason: 'The checkout expired before the payment was made.',
    })
    const [processing, processingHeader] = signed(event('checkout.session.completed', { payment_status: 'unpaid' }))
    expect(await psp.verifyNotification(notice(processing, processingHeader, now))).toBeNull()
    const [other, otherHeader] = signed(event('customer.created', {}))
    expect(await psp.verifyNotification(notice(other, otherHeader, now))).toBeNull()
  })

  it('looks a checkout session up by its id: paid, expired in plain words, or still pending', async () => {
    const lookUp = async (answer: string) => {
      const { client, calls } = recordedStripe(answer)
      const psp = createStripePsp({
        secretKey: 'sk_test_recorded',
        webhookSecret: WEBHOOK_SECRET,
        publicUrl: 'https://exchange.example',
        client,
      })
      return { result: await psp.lookupPayment('cs_test_a1b2c3d4e5f6g7h8i9j0'), calls }
    }
    const paid = await lookUp(fixture('stripe-checkout-session-paid.json'))
    expect(paid.result).toEqual({ outcome: 'succeeded' })
    expect(paid.calls).toEqual([
      { url: 'https://api.stripe.com/v1/checkout/sessions/cs_test_a1b2c3d4e5f6g7h8i9j0', body: '' },
    ])
    expect((await lookUp(fixture('stripe-checkout-session-expired.json'))).result).toEqual({
      outcome: 'failed',
      failureReason: 'The checkout expired before the payment was made.',
    })
    expect((await lookUp(recordedSession)).result).toEqual({ outcome: 'pending' })
    expect((await lookUp(fixture('stripe-checkout-session-complete-unpaid.json'))).result).toEqual({
      outcome: 'pending',
    })
  })
})
