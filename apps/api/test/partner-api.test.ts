import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PartnerLinkToken, PartnerSlug } from '@exchange/shared/partner.schemas'
import { deliveries } from '../src/db/tables/modules/fulfilment'
import { orders } from '../src/db/tables/modules/orders'
import { partnerSessions } from '../src/db/tables/modules/partners'
import { createPartnerService } from '../src/modules/partners/partners.service'
import { BTC_WALLET, buyer, initiateBuy, storedOrder, useTestApp } from './support'

const logLines: string[] = []
const t = useTestApp({
  logLines,
  env: {
    PUBLIC_URL: 'https://exchange.example',
    LOG_LEVEL: 'info',
    RATE_LIMIT_PARTNER_SESSIONS_PER_MINUTE: '12',
    RATE_LIMIT_PARTNER_READS_PER_MINUTE: '20',
  },
})

const registry = () =>
  createPartnerService({ db: t.db, clock: t.clock, production: false, secretsKey: randomBytes(32) })

let partnersMade = 0
/** Every order field allowed, unless the test says otherwise. */
const ALL_FIELDS = { fiat: true, coin: true, network: true, amount: true, wallet: true, locked: false }

/** A registered partner with one key. */
async function partnerWithKey(settings: Record<string, unknown> = {}) {
  const partner = await registry().createPartner({
    slug: `api-partner-${++partnersMade}`,
    displayName: 'Acme Wallet',
    returnUrls: ['https://acme.example/back', 'http://localhost:5173/done'],
    orderFields: ALL_FIELDS,
    ...settings,
  })
  const { key, keyId } = await registry().issueApiKey(partner.id)
  return { partner, key, keyId }
}

/** Each refusal comes from an address of its own: refused keys are counted per address. */
let addresses = 0
const nextAddress = () => `198.51.100.${++addresses}`

const GOOD = { email: 'Ada@Example.com', customerIp: '203.0.113.9', returnUrl: 'https://acme.example/back' }

function openSession(key: string, body: Record<string, unknown>, remoteAddress = '192.0.2.1') {
  return t.app.inject({
    method: 'POST',
    url: '/v1/partner/sessions',
    headers: { authorization: `Bearer ${key}` },
    payload: body,
    remoteAddress,
  })
}

function read(key: string, url: string, remoteAddress = '192.0.2.1') {
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` }, remoteAddress })
}

const sessionsOf = (partnerId: string) =>
  t.db.select().from(partnerSessions).where(eq(partnerSessions.partnerId, partnerId))

describe('opening a way in', () => {
  it('answers a single-use link and keeps only the hash of its token, five minutes ahead', async () => {
    const { partner, keyId, key } = await partnerWithKey()
    const answer = await openSession(key, {
      ...GOOD,
      returnUrl: 'https://acme.example/back?order=ord-1',
      fiat: 'eur',
      crypto: 'btc',
      network: 'bitcoin',
      fiatAmount: '250.00',
      walletAddress: BTC_WALLET,
      partnerOrderId: 'ord-1',
      language: 'de',
    })
    expect(answer.statusCode).toBe(201)
    const { data } = answer.json()
    expect(answer.json()).toEqual({
      result: true,
      data: { id: expect.any(String), url: expect.any(String), expiresAt: expect.any(String) },
    })
    const url = new URL(data.url)
    expect(`${url.origin}${url.pathname}`).toBe('https://exchange.example/mp')
    expect([...url.searchParams.keys()]).toEqual(['partner', 'token'])
    expect(PartnerSlug.parse(url.searchParams.get('partner'))).toBe(partner.slug)
    const token = PartnerLinkToken.parse(url.searchParams.get('token'))
    expect(data.expiresAt).toBe(new Date(t.clock.now().getTime() + 5 * 60_000).toISOString())

    const [row, ...others] = await sessionsOf(partner.id)
    expect(others).toEqual([])
    expect(row).toMatchObject({
      id: data.id,
      keyId,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      email: 'ada@example.com',
      customerIp: '203.0.113.9',
      bindIp: true,
      locked: false,
      prefill: { fiat: 'eur', crypto: 'btc', network: 'bitcoin', fiatAmount: '250.00', wallet: BTC_WALLET },
      partnerOrderId: 'ord-1',
      returnUrl: 'https://acme.example/back?order=ord-1',
      language: 'de',
      claimedAt: null,
      entryHash: null,
    })
    expect(row!.expiresAt).toEqual(new Date(t.clock.now().getTime() + 5 * 60_000))
    expect(JSON.stringify(row)).not.toContain(token)
  })

  it("binds the customer's address and locks the order as the registration says", async () => {
    const { partner, key } = await partnerWithKey({
      bindSessionToIp: false,
      orderFields: { ...ALL_FIELDS, locked: true },
    })
    const answer = await openSession(key, { ...GOOD, customerIp: '2001:DB8::7', fiat: 'chf', fiatAmount: '100' })
    expect(answer.statusCode).toBe(201)
    expect(await sessionsOf(partner.id)).toEqual([
      expect.objectContaining({
        bindIp: false,
        locked: true,
        customerIp: '2001:db8::7',
        prefill: { fiat: 'chf', fiatAmount: '100' },
      }),
    ])
  })
})

describe('the key', () => {
  const refused = { result: false, error: 'unauthorized' }

  it('refuses a wrong, a revoked, a rotated-out and a missing key alike, and stores nothing', async () => {
    const { partner, key, keyId } = await partnerWithKey()
    const wrong = `hvxp_${keyId}_${'A'.repeat(43)}`
    for (const presented of [wrong, 'hvxp_nonsense', `${key}x`]) {
      const answer = await openSession(presented, GOOD, nextAddress())
      expect(answer.statusCode).toBe(401)
      expect(answer.json()).toEqual(refused)
    }
    const bare = await t.app.inject({
      method: 'POST',
      url: '/v1/partner/sessions',
      payload: GOOD,
      remoteAddress: nextAddress(),
    })
    expect([bare.statusCode, bare.json()]).toEqual([401, refused])

    // A rotation: the next key is issued, the partner's servers move over, then the old one is revoked.
    const next = await registry().issueApiKey(partner.id)
    expect((await openSession(key, GOOD)).statusCode).toBe(201)
    expect(await registry().revokeApiKey(keyId)).toBe(true)
    const old = await openSession(key, GOOD, nextAddress())
    expect([old.statusCode, old.json()]).toEqual([401, refused])
    expect((await read(key, '/v1/partner/orders', nextAddress())).statusCode).toBe(401)
    expect((await openSession(next.key, GOOD)).statusCode).toBe(201)
    expect((await sessionsOf(partner.id)).map((row) => row.keyId)).toEqual([keyId, next.keyId])

    // The log says why; the key itself never reaches it.
    const refusals = logLines.filter((line) => line.includes('partner api key refused')).map((line) => JSON.parse(line))
    expect(refusals.map((line) => line.refusal)).toEqual(expect.arrayContaining(['unknown_key', 'no_key', 'revoked']))
    expect(refusals.find((line) => line.refusal === 'revoked')).toMatchObject({ keyId })
    const secret = key.split('_').slice(2).join('_')
    expect(logLines.join('\n')).not.toContain(secret)
  })

  it('refuses a key from an address it is not allowed from, and the keys of a disabled partner', async () => {
    const { partner } = await partnerWithKey()
    const limited = await registry().issueApiKey(partner.id, { sources: ['203.0.113.0/24'] })
    const elsewhere = await openSession(limited.key, GOOD, '198.51.100.200')
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([401, refused])
    expect((await openSession(limited.key, GOOD, '203.0.113.44')).statusCode).toBe(201)

    await registry().updatePartner(partner.id, { status: 'disabled' })
    const disabled = await openSession(limited.key, GOOD, '203.0.113.44')
    expect([disabled.statusCode, disabled.json()]).toEqual([401, refused])
    expect(await sessionsOf(partner.id)).toHaveLength(1)
  })
})

describe('what a partner may send', () => {
  it('refuses a return address it has not registered, and stores nothing', async () => {
    const { partner, key } = await partnerWithKey()
    for (const returnUrl of [
      'https://evil.example/back',
      'https://acme.example/other',
      'https://acme.example/back/',
      'http://acme.example/back',
      'https://acme.example:8443/back',
      'https://acme.example/back#fragment',
      'https://acme.example/back?mp_status=completed',
      'https://user:pass@acme.example/back',
      'not an address',
    ]) {
      const answer = await openSession(key, { ...GOOD, returnUrl })
      expect(answer.statusCode, returnUrl).toBe(400)
      expect(answer.json(), returnUrl).toEqual({
        result: false,
        error: 'return_url_not_registered',
        fields: { returnUrl: expect.any(String) },
      })
    }
    expect(await sessionsOf(partner.id)).toEqual([])
    // Same scheme, host, port and path, with a query of the partner's own: accepted.
    expect((await openSession(key, { ...GOOD, returnUrl: 'http://localhost:5173/done?order=7' })).statusCode).toBe(201)
  })

  it("refuses a field the partner's registration does not allow, and stores nothing", async () => {
    const { partner, key } = await partnerWithKey({ orderFields: { coin: true, amount: true, locked: true } })
    const cases: [Record<string, unknown>, string][] = [
      [{ fiat: 'eur' }, 'fiat'],
      [{ crypto: 'btc', walletAddress: BTC_WALLET }, 'walletAddress'],
      [{ crypto: 'btc', network: 'bitcoin' }, 'network'],
      // A locked order takes a fiat amount.
      [{ crypto: 'btc', cryptoAmount: '0.01' }, 'cryptoAmount'],
    ]
    for (const [fields, named] of cases) {
      const answer = await openSession(key, { ...GOOD, ...fields })
      expect(answer.statusCode, named).toBe(400)
      expect(answer.json(), named).toEqual({
        result: false,
        error: 'field_not_allowed',
        fields: { [named]: expect.any(String) },
      })
    }
    const { key: open } = await partnerWithKey()
    const otherChain = await openSession(open, { ...GOOD, crypto: 'usdt', network: 'tron' })
    expect(otherChain.json()).toEqual({
      result: false,
      error: 'field_not_allowed',
      fields: { network: 'usdt is sent on ethereum only' },
    })
    expect(await sessionsOf(partner.id)).toEqual([])
  })

  it('refuses bad input field by field, and amounts outside the order limits, and stores nothing', async () => {
    await t.app.jobs.refreshRates()
    const { partner, key } = await partnerWithKey()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ surprise: true }, 'validation_failed', 'surprise'],
      [{ email: 'not-an-email' }, 'validation_failed', 'email'],
      [{ customerIp: '300.1.1.1' }, 'validation_failed', 'customerIp'],
      [{ customerIp: undefined }, 'validation_failed', 'customerIp'],
      [{ returnUrl: undefined }, 'validation_failed', 'returnUrl'],
      [{ fiat: 'eur', fiatAmount: 250.5 }, 'validation_failed', 'fiatAmount'],
      [{ fiat: 'eur', fiatAmount: '250.001' }, 'validation_failed', 'fiatAmount'],
      [{ fiat: 'eur', crypto: 'btc', fiatAmount: '250', cryptoAmount: '0.01' }, 'validation_failed', 'cryptoAmount'],
      [{ fiatAmount: '250' }, 'validation_failed', 'fiat'],
      [{ walletAddress: BTC_WALLET }, 'validation_failed', 'crypto'],
      [{ crypto: 'eth', walletAddress: BTC_WALLET }, 'validation_failed', 'walletAddress'],
      [{ fiat: 'eur', crypto: 'btc', cryptoAmount: '0.000000001' }, 'validation_failed', 'cryptoAmount'],
      [{ partnerOrderId: 'x'.repeat(65) }, 'validation_failed', 'partnerOrderId'],
      [{ partnerOrderId: 'tab\there' }, 'validation_failed', 'partnerOrderId'],
      [{ language: 'es' }, 'validation_failed', 'language'],
      [{ fiat: 'eur', fiatAmount: '10.00' }, 'amount_below_minimum', 'fiatAmount'],
      [{ fiat: 'eur', fiatAmount: '15000.01' }, 'amount_above_maximum', 'fiatAmount'],
      [{ fiat: 'eur', crypto: 'btc', cryptoAmount: '10' }, 'amount_above_maximum', 'cryptoAmount'],
    ]
    for (const [change, error, field] of cases) {
      // A key each: the cases together pass one key's budget of sessions per minute.
      const { key: fresh } = await registry().issueApiKey(partner.id)
      const answer = await openSession(fresh, { ...GOOD, ...change })
      expect(answer.statusCode, JSON.stringify(change)).toBe(400)
      expect(answer.json(), JSON.stringify(change)).toMatchObject({ result: false, error })
      expect(Object.keys(answer.json().fields), JSON.stringify(change)).toContain(field)
    }
    expect((await openSession(key, GOOD)).statusCode).toBe(201)
    expect(await sessionsOf(partner.id)).toHaveLength(1)
  })
})

describe('rate limits', () => {
  it('answers 429 with Retry-After once a key passes its limit; another key keeps its own budget', async () => {
    const { partner, key } = await partnerWithKey()
    const other = await registry().issueApiKey(partner.id)
    for (let i = 0; i < 12; i += 1) expect((await openSession(key, GOOD)).statusCode).toBe(201)
    const limited = await openSession(key, GOOD)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json()).toMatchObject({ result: false, error: 'rate_limited' })
    expect(await sessionsOf(partner.id)).toHaveLength(12)
    expect((await openSession(other.key, GOOD)).statusCode).toBe(201)
    // Reads have a budget of their own.
    for (let i = 0; i < 20; i += 1) expect((await read(key, '/v1/partner/orders')).statusCode).toBe(200)
    expect((await read(key, '/v1/partner/orders')).statusCode).toBe(429)
  })
})

describe("a partner's orders", () => {
  /** An order a customer started, stamped as the partner's (as `orderInitiateBuy` stamps an order of a visit). */
  async function partnersOrder(token: string, partnerId: string, partnerOrderId: string) {
    t.clock.advance(1_000)
    const { reference } = (await initiateBuy(t, token, { amount: '100', wallet: BTC_WALLET })).body.data
    await t.db.update(orders).set({ partnerId, partnerOrderId }).where(eq(orders.reference, reference))
    return reference as string
  }

  it('reads its own orders, newest first a page at a time, and never another partner’s', async () => {
    const acme = await partnerWithKey()
    const other = await partnerWithKey()
    const customer = await buyer(t)
    const first = await partnersOrder(customer.token, acme.partner.id, 'acme-1')
    const second = await partnersOrder(customer.token, acme.partner.id, 'acme-2')
    const third = await partnersOrder(customer.token, acme.partner.id, 'acme-2')
    const theirs = await partnersOrder(customer.token, other.partner.id, 'other-1')
    const stored = await storedOrder(t, first)
    await t.db.insert(deliveries).values({
      orderId: stored.id,
      provider: 'sandbox',
      providerOrderId: 'lp-1',
      filledPrice: '90000',
      cryptoAmount: stored.cryptoAmount,
      txId: 'ab'.repeat(32),
      simulated: false,
      filledAt: t.clock.now(),
      deliveredAt: t.clock.now(),
    })

    const own = await read(acme.key, `/v1/partner/orders/${first}`)
    expect(own.statusCode).toBe(200)
    expect(own.json()).toEqual({
      result: true,
      data: {
        reference: first,
        partnerOrderId: 'acme-1',
        status: 'initiated',
        fiat: 'eur',
        fiatAmount: '100.00',
        fee: stored.fee,
        netFiat: stored.netFiat,
        crypto: 'btc',
        cryptoAmount: expect.stringMatching(/^0\.\d+$/),
        rate: expect.stringMatching(/^\d+\.\d+$/),
        wallet: BTC_WALLET,
        createdAt: stored.createdAt.toISOString(),
        updatedAt: expect.any(String),
        txId: 'ab'.repeat(32),
        explorerUrl: `https://mempool.space/tx/${'ab'.repeat(32)}`,
      },
    })
    expect(own.body).not.toContain(customer.email)
    expect(own.body).not.toContain(stored.customerId)

    // Another partner's order answers exactly as one that does not exist.
    const foreign = await read(acme.key, `/v1/partner/orders/${theirs}`)
    const unknown = await read(acme.key, '/v1/partner/orders/NOSUCHORDER')
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { result: false, error: 'not_found' }])
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { result: false, error: 'not_found' }])

    const references = (answer: Awaited<ReturnType<typeof read>>) =>
      (answer.json().data.orders as { reference: string }[]).map((order) => order.reference)
    const all = await read(acme.key, '/v1/partner/orders')
    expect([references(all), all.json().data.nextCursor]).toEqual([[third, second, first], null])
    const byId = await read(acme.key, '/v1/partner/orders?partnerOrderId=acme-2')
    expect(references(byId)).toEqual([third, second])
    const page = await read(acme.key, '/v1/partner/orders?limit=2')
    expect(references(page)).toEqual([third, second])
    const next = await read(acme.key, `/v1/partner/orders?limit=2&cursor=${page.json().data.nextCursor}`)
    expect([references(next), next.json().data.nextCursor]).toEqual([[first], null])
    expect(references(await read(other.key, '/v1/partner/orders'))).toEqual([theirs])

    const foreignCursor = await read(other.key, `/v1/partner/orders?cursor=${first}`)
    expect([foreignCursor.statusCode, foreignCursor.json().fields]).toEqual([400, { cursor: expect.any(String) }])
    for (const query of ['limit=0', 'limit=101', 'limit=ten', 'surprise=1']) {
      const bad = await read(acme.key, `/v1/partner/orders?${query}`)
      expect([bad.statusCode, bad.json().error], query).toEqual([400, 'validation_failed'])
    }
  })
})

describe('the api document', () => {
  it('lists the partner calls under their own tag, with the key as a bearer scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json()
    expect(doc.components.securitySchemes.partnerKey).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.tags).toContainEqual(expect.objectContaining({ name: 'partner' }))
    for (const [path, method] of [
      ['/v1/partner/sessions', 'post'],
      ['/v1/partner/orders/{reference}', 'get'],
      ['/v1/partner/orders', 'get'],
    ] as const) {
      expect(doc.paths[path][method], path).toMatchObject({ tags: ['partner'], security: [{ partnerKey: [] }] })
    }
    const tagged = Object.entries(doc.paths as Record<string, Record<string, { tags?: string[] }>>).filter(
      ([, methods]) => Object.values(methods).some((operation) => operation.tags?.includes('partner')),
    )
    expect(tagged.map(([path]) => path).sort()).toEqual([
      '/v1/partner/orders',
      '/v1/partner/orders/{reference}',
      '/v1/partner/sessions',
    ])
  })
})
