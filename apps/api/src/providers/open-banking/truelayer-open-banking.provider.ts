import { randomUUID } from 'node:crypto'
import * as tlSigning from 'truelayer-signing'
import { z } from 'zod'
import type { HostedPaymentLookup, PspEvent } from '../psp/card-psp.provider'
import { toMinorUnits } from '../psp/stripe-psp.provider'
import type { IncomingNotice } from '../signed-notice'
import type { ConsentRequest, OpenBankingProvider } from './open-banking.provider'
import type { OpenBankingSettings } from './open-banking.settings'

/** TrueLayer's settings as the configuration reads them (open-banking.settings.ts), and what tests hand in. */
export type TrueLayerOptions = Omit<Extract<OpenBankingSettings, { kind: 'truelayer' }>, 'kind'> & {
  fetchImpl?: typeof fetch
}

const HOSTS = {
  sandbox: {
    auth: 'https://auth.truelayer-sandbox.com',
    api: 'https://api.truelayer-sandbox.com',
    hpp: 'https://payment.truelayer-sandbox.com',
    jwks: 'https://webhooks.truelayer-sandbox.com/.well-known/jwks',
  },
  live: {
    auth: 'https://auth.truelayer.com',
    api: 'https://api.truelayer.com',
    hpp: 'https://payment.truelayer.com',
    jwks: 'https://webhooks.truelayer.com/.well-known/jwks',
  },
} as const

const TokenAnswer = z.object({ access_token: z.string(), expires_in: z.number() })
const PaymentAnswer = z.object({ id: z.string(), resource_token: z.string() })
const PaymentStatusAnswer = z.object({
  id: z.string(),
  status: z.enum(['authorization_required', 'authorizing', 'authorized', 'executed', 'settled', 'failed']),
  failure_reason: z.string().optional(),
})
const WebhookEvent = z.object({
  type: z.string(),
  event_id: z.string(),
  payment_id: z.string().optional(),
  failure_reason: z.string().optional(),
})

/** TrueLayer's failure reasons in plain words for the customer. */
const FAILURES: Record<string, string> = {
  canceled: 'You cancelled the payment at your bank.',
  authorization_failed: 'Your bank did not authorise the payment.',
  provider_rejected: 'Your bank rejected the payment.',
  insufficient_funds: 'Your account did not have enough money for this payment.',
  expired: 'The payment was not approved in time.',
}

/** The payment TrueLayer is asked to create: to our merchant account, from the bank the customer chose. */
function paymentOf(request: ConsentRequest, merchantAccountId: string) {
  return {
    amount_in_minor: toMinorUnits(request.amount),
    currency: request.currency.toUpperCase(),
    payment_method: {
      type: 'bank_transfer',
      provider_selection: { type: 'preselected', provider_id: request.bankId },
      beneficiary: {
        type: 'merchant_account',
        merchant_account_id: merchantAccountId,
        reference: request.orderReference,
      },
    },
    user: { name: request.payerName },
    metadata: { orderReference: request.orderReference },
  }
}

/** A webhook whose signature was checked: executed or settled is paid, failed is failed, anything else null. */
function paymentEventOf(rawBody: string): PspEvent | null {
  const parsed = WebhookEvent.safeParse(JSON.parse(rawBody))
  if (!parsed.success || !parsed.data.payment_id) return null
  const event = parsed.data
  const sessionId = parsed.data.payment_id
  if (event.type === 'payment_executed' || event.type === 'payment_settled')
    return { eventId: event.event_id, sessionId, outcome: 'succeeded' }
  if (event.type === 'payment_failed') {
    return {
      eventId: event.event_id,
      sessionId,
      outcome: 'failed',
      failureReason: FAILURES[event.failure_reason ?? ''] ?? 'Your bank did not complete the payment.',
    }
  }
  return null
}

/** What every call to TrueLayer shares for the life of the process: the settings, the hosts and the cached keys. */
interface TrueLayerClient {
  options: TrueLayerOptions
  hosts: (typeof HOSTS)[keyof typeof HOSTS]
  fetchImpl: typeof fetch
  /** The access token and TrueLayer's webhook key set, each kept until shortly before it lapses. */
  cache: { token?: { value: string; until: number }; jwks?: { value: string; until: number } }
}

/** An access token for the payments API, asked for again a minute before the last one lapses. */
async function accessToken({ options, hosts, fetchImpl, cache }: TrueLayerClient): Promise<string> {
  if (cache.token && cache.token.until > Date.now()) return cache.token.value
  const response = await fetchImpl(`${hosts.auth}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.clientSecret,
      scope: 'payments',
    }).toString(),
    signal: AbortSignal.timeout(10_000),
  })
  if (!response.ok) throw new Error(`TrueLayer token request answered ${response.status}`)
  const answer = TokenAnswer.parse(await response.json())
  cache.token = { value: answer.access_token, until: Date.now() + (answer.expires_in - 60) * 1000 }
  return cache.token.value
}

/** TrueLayer's published webhook keys, fetched again after a quarter of an hour. */
async function jwks({ hosts, fetchImpl, cache }: TrueLayerClient): Promise<string> {
  if (cache.jwks && cache.jwks.until > Date.now()) return cache.jwks.value
  const response = await fetchImpl(hosts.jwks, { signal: AbortSignal.timeout(10_000) })
  if (!response.ok) throw new Error(`TrueLayer JWKS answered ${response.status}`)
  cache.jwks = { value: await response.text(), until: Date.now() + 15 * 60_000 }
  return cache.jwks.value
}

/** Creates the signed payment and answers the hosted payment page where the customer consents at their bank. */
async function createConsent(
  client: TrueLayerClient,
  request: ConsentRequest,
): Promise<{ consentId: string; authUrl: string }> {
  const { options, hosts, fetchImpl } = client
  const body = JSON.stringify(paymentOf(request, options.merchantAccountId))
  const idempotencyKey = randomUUID()
  const signature = tlSigning.sign({
    kid: options.signingKeyId,
    privateKeyPem: options.signingKeyPem,
    method: 'POST' as tlSigning.HttpMethod,
    path: '/v3/payments',
    headers: { 'Idempotency-Key': idempotencyKey },
    body,
  })
  const response = await fetchImpl(`${hosts.api}/v3/payments`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await accessToken(client)}`,
      'content-type': 'application/json',
      'idempotency-key': idempotencyKey,
      'tl-signature': signature,
    },
    body,
    signal: AbortSignal.timeout(10_000),
  })
  if (!response.ok) throw new Error(`TrueLayer create payment answered ${response.status}`)
  const payment = PaymentAnswer.parse(await response.json())
  const returnUri = new URL(request.returnUrl.replace('{SESSION_ID}', payment.id), options.publicUrl).toString()
  const authUrl = `${hosts.hpp}/?payment_id=${encodeURIComponent(payment.id)}&resource_token=${encodeURIComponent(payment.resource_token)}&return_uri=${encodeURIComponent(returnUri)}`
  return { consentId: payment.id, authUrl }
}

/** Where a payment stands at TrueLayer, read the same way as its webhooks. */
async function lookupPayment(client: TrueLayerClient, consentId: string): Promise<HostedPaymentLookup> {
  const { hosts, fetchImpl } = client
  // A GET carries no body, so TrueLayer asks for no request signature on it, only the access token.
  const response = await fetchImpl(`${hosts.api}/v3/payments/${encodeURIComponent(consentId)}`, {
    headers: { authorization: `Bearer ${await accessToken(client)}` },
    signal: AbortSignal.timeout(10_000),
  })
  if (!response.ok) throw new Error(`TrueLayer get payment answered ${response.status}`)
  const payment = PaymentStatusAnswer.parse(await response.json())
  if (payment.id !== consentId) throw new Error('TrueLayer answered another payment')
  // The same reading as the webhooks: executed (accepted by the bank) or settled counts as paid.
  if (payment.status === 'executed' || payment.status === 'settled') return { outcome: 'succeeded' }
  if (payment.status === 'failed')
    return {
      outcome: 'failed',
      failureReason: FAILURES[payment.failure_reason ?? ''] ?? 'Your bank did not complete the payment.',
    }
  return { outcome: 'pending' }
}

/** A webhook checked against TrueLayer's keys and a recent signed timestamp; undefined when it is not TrueLayer's. */
async function verifyNotification(
  client: TrueLayerClient,
  { rawBody, headers, path, nowSeconds }: IncomingNotice,
): Promise<PspEvent | null | undefined> {
  const signature = headers['tl-signature']
  const sentAt = Date.parse(headers['x-tl-webhook-timestamp'] ?? '')
  // The signed timestamp must be recent, so a captured webhook cannot be replayed later.
  if (!signature || Number.isNaN(sentAt) || Math.abs(nowSeconds - sentAt / 1000) > 300) return undefined
  try {
    // Only TrueLayer's own key set may vouch for a webhook, whatever the signature names.
    if (tlSigning.extractJku(signature) !== client.hosts.jwks) return undefined
    tlSigning.verify({
      jwks: await jwks(client),
      signature,
      method: 'POST' as tlSigning.HttpMethod,
      path,
      body: rawBody,
      headers,
      requiredHeaders: ['x-tl-webhook-timestamp'],
    })
  } catch {
    return undefined
  }
  return paymentEventOf(rawBody)
}

/**
 * TrueLayer Payments v3 as the pay-by-bank provider: a payment to our merchant account, the hosted payment page for
 * the customer's consent, and webhooks signed with TrueLayer's published keys (JWKS at an allow-listed `jku`).
 */
export function createTrueLayerOpenBanking(options: TrueLayerOptions): OpenBankingProvider {
  const client: TrueLayerClient = {
    options,
    hosts: HOSTS[options.environment],
    fetchImpl: options.fetchImpl ?? fetch,
    cache: {},
  }
  return {
    kind: 'truelayer',
    sandbox: false,
    createConsent: createConsent.bind(null, client),
    lookupPayment: lookupPayment.bind(null, client),
    verifyNotification: verifyNotification.bind(null, client),
  }
}
