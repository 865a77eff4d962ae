import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { partnerSessions } from '../src/db/tables/modules/partners'
import type { PartnerApiFetch } from '../src/modules/dev/partner-test-page'
import { partnerReturnUrl } from '../src/modules/partners/partner-return'
import { BTC_WALLET, type TestApp, buildTestApp, useTestApp } from './support'
import { SMTP, everyPartyLive } from './support/live-parties'
import { PARTNER_TEST_DOCUMENTS_KEY, partnerRegistry } from './support/partners'

const PUBLIC_URL = 'http://localhost:5173'

/** The page's partner api calls, through the app itself: a test app does not listen. */
function viaInject(app: () => TestApp): PartnerApiFetch {
  return async (url, init) => {
    const { pathname, search } = new URL(url)
    const answer = await app().app.inject({
      method: init.method,
      url: `${pathname}${search}`,
      headers: init.headers,
      payload: init.body,
      remoteAddress: '192.0.2.50',
    })
    return { status: answer.statusCode, json: async () => answer.json() }
  }
}

const env = { PUBLIC_URL, DOCUMENTS_ENCRYPTION_KEY: PARTNER_TEST_DOCUMENTS_KEY }
const t: TestApp = useTestApp({ env, partnerApiFetch: viaInject(() => t) })

const page = () => t.app.inject({ method: 'GET', url: '/dev/partner' })

const partnerOf = async (slug: string) => (await partnerRegistry(t).partnerBySlug(slug))!

/** The signing secret the page holds, as the registry unseals it: the only one that signs after the page started. */
async function secretOf(slug: string): Promise<string> {
  const secrets = await partnerRegistry(t).liveSigningSecrets((await partnerOf(slug)).id)
  expect(secrets).toHaveLength(1)
  return secrets[0]!
}

function postForm(fields: Record<string, string>, remoteAddress = '203.0.113.7') {
  return t.app.inject({
    method: 'POST',
    url: '/dev/partner/sessions',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  })
}

const FORM = {
  email: 'ada@example.com',
  amount: '100.00',
  coin: 'btc',
  wallet: BTC_WALLET,
  partnerOrderId: 'test-order-1',
}

describe('the test partner page', () => {
  it('is absent where the development conveniences are not allowed', async () => {
    const live = await buildTestApp({ env: { DEV_OUTBOX: undefined, ...everyPartyLive(), ...SMTP } })
    try {
      for (const [method, url] of [
        ['GET', '/dev/partner'],
        ['POST', '/dev/partner/sessions'],
        ['GET', '/dev/partner/frame?url=x'],
        ['GET', '/dev/partner/return'],
        ['POST', '/dev/partner/webhooks'],
      ] as const) {
        const answer = await live.app.inject({ method, url, ...(method === 'POST' && { payload: {} }) })
        expect(answer.statusCode, url).toBe(404)
        expect(answer.json(), url).toEqual({ result: false, error: 'not_found' })
      }
      expect(await partnerRegistry(live).partnerBySlug('test-partner')).toBeUndefined()
    } finally {
      await live.close()
    }
  })

  it('registers its two partners on first use, with a key and a secret it shows to no one', async () => {
    const answer = await page()
    expect(answer.statusCode).toBe(200)
    expect(answer.body).toContain('Test partner (test environment)')
    expect(answer.body).toContain('registered by this process')
    expect(answer.body).not.toMatch(/hvxp_|whsec_/)
    const unlocked = await partnerOf('test-partner')
    const locked = await partnerOf('test-partner-locked')
    expect(unlocked).toMatchObject({
      displayName: 'Test Wallet',
      returnUrls: [`${PUBLIC_URL}/dev/partner/return`],
      embeddingOrigins: [PUBLIC_URL],
      webhookUrl: `${PUBLIC_URL}/dev/partner/webhooks`,
      orderFields: { fiat: true, coin: true, network: false, amount: true, wallet: true, locked: false },
      status: 'active',
    })
    expect(locked.orderFields.locked).toBe(true)
    for (const partner of [unlocked, locked]) {
      const keys = await partnerRegistry(t).partnerKeys(partner.id)
      expect(keys.filter((key) => !key.revokedAt)).toHaveLength(1)
      expect(answer.body).toContain(keys[0]!.keyId)
    }
    // A second visit registers nothing more.
    expect((await page()).body).toContain('registered by this process')
    expect(await partnerRegistry(t).partnerKeys(unlocked.id)).toHaveLength(1)
  })

  it("opens a way in through the partner api, for the browser's address, and shows the /mp link", async () => {
    const answer = await postForm({ ...FORM, locked: 'on' })
    expect(answer.statusCode).toBe(200)
    const link = /<code id="mp-link">([^<]+)<\/code>/.exec(answer.body)?.[1]?.replaceAll('&amp;', '&')
    expect(link).toMatch(/^http:\/\/localhost:5173\/mp\?partner=test-partner-locked&token=[A-Za-z0-9_-]{43}$/)
    expect(answer.body).toContain('>Open here</a>')
    expect(answer.body).toContain(`href="/dev/partner/frame?url=${encodeURIComponent(link!)}"`)
    const token = new URL(link!).searchParams.get('token')!
    const [visit] = await t.db
      .select()
      .from(partnerSessions)
      .where(eq(partnerSessions.tokenHash, createHash('sha256').update(token).digest('hex')))
    expect(visit).toMatchObject({
      partnerId: (await partnerOf('test-partner-locked')).id,
      email: 'ada@example.com',
      customerIp: '203.0.113.7',
      locked: true,
      prefill: { fiat: 'eur', crypto: 'btc', fiatAmount: '100.00', wallet: BTC_WALLET },
      partnerOrderId: 'test-order-1',
      returnUrl: `${PUBLIC_URL}/dev/partner/return`,
    })

    const frame = await t.app.inject({ method: 'GET', url: `/dev/partner/frame?url=${encodeURIComponent(link!)}` })
    expect(frame.statusCode).toBe(200)
    expect(frame.body).toContain('allow="camera; payment"')
    expect(frame.body).toContain("event.data.type !== 'helvex:return'")
    expect(frame.headers['content-security-policy']).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+'/)
    const elsewhere = await t.app.inject({ method: 'GET', url: '/dev/partner/frame?url=https://evil.example/mp' })
    expect(elsewhere.statusCode).toBe(400)
  })

  it("shows the partner api's refusal and stores nothing", async () => {
    const before = await t.db.select().from(partnerSessions)
    const answer = await postForm({ ...FORM, amount: '999999999' })
    expect(answer.body).toContain('The partner api refused: 400 <code>amount_above_maximum</code>')
    expect(answer.body).toContain('<code>fiatAmount</code>')
    expect(await t.db.select().from(partnerSessions)).toHaveLength(before.length)
    expect((await postForm({ ...FORM, amount: '250.5.0' })).statusCode).toBe(400)
    expect((await postForm({ ...FORM, email: 'not an e-mail' })).statusCode).toBe(400)
  })

  it('verifies a signed way back and says why a tampered one is not', async () => {
    await page()
    const secret = await secretOf('test-partner')
    const signed = partnerReturnUrl(`${PUBLIC_URL}/dev/partner/return`, [secret], {
      reference: 'K7QM2XR4TB',
      partnerOrderId: 'test-order-1',
      status: 'completed',
      timestamp: Math.floor(t.clock.now().getTime() / 1000),
    })
    const { pathname, search } = new URL(signed)
    const good = await t.app.inject({ method: 'GET', url: `${pathname}${search}` })
    expect(good.statusCode).toBe(200)
    expect(good.body).toContain('K7QM2XR4TB')
    expect(good.body).toContain('test-order-1')
    expect(good.body).toContain('<code>completed</code>')
    expect(good.body).toContain('Signature verified')

    const tampered = await t.app.inject({
      method: 'GET',
      url: `${pathname}${search.replace('mp_status=completed', 'mp_status=failed')}`,
    })
    expect(tampered.statusCode).toBe(400)
    expect(tampered.body).toContain('<code>failed</code>')
    expect(tampered.body).not.toContain('Signature verified')
    expect(tampered.body).toContain('Signature not verified: no signature matches')
  })

  it('accepts a notice signed with its secret, refuses a tampered one with 400, and lists both', async () => {
    await page()
    const secret = await secretOf('test-partner')
    const body = JSON.stringify({
      type: 'order.status_changed',
      timestamp: '2026-11-22T09:00:00.000Z',
      data: { reference: 'K7QM2XR4TB', partnerOrderId: 'test-order-1', status: 'completed' },
    })
    // Standard Webhooks checks the timestamp against the machine's clock, as a partner's server does.
    const sent = new Date()
    const notice = (id: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/dev/partner/webhooks',
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(sent.getTime() / 1000)),
          'webhook-signature': new Webhook(secret).sign(id, sent, body),
        },
        payload,
      })
    const accepted = await notice('msg_good-1', body)
    expect(accepted.statusCode).toBe(204)
    const refused = await notice('msg_tampered-1', body.replace('completed', 'failed'))
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ result: false, error: 'unauthorized' })

    const listed = (await page()).body
    expect(listed).toMatch(/msg_good-1<\/code><\/td><td>order\.status_changed<\/td><td>completed<\/td><td>verified</)
    expect(listed).toMatch(
      /msg_tampered-1<\/code><\/td><td>order\.status_changed<\/td><td>failed<\/td><td>not verified/,
    )
  })

  it('gives a new key and secret after a restart, and revokes the keys nobody holds any more', async () => {
    await page()
    const partner = await partnerOf('test-partner')
    const oldSecret = await secretOf('test-partner')
    const restarted = await buildTestApp({ env, sameDatabaseAs: t, partnerApiFetch: viaInject(() => restarted) })
    try {
      const answer = await restarted.app.inject({ method: 'GET', url: '/dev/partner' })
      expect(answer.body).toContain('registered before; this process issued a new key and signing secret')
      const keys = await partnerRegistry(t).partnerKeys(partner.id)
      expect(keys.filter((key) => !key.revokedAt)).toHaveLength(1)
      expect(keys.length).toBeGreaterThan(1)
      expect(await secretOf('test-partner')).not.toBe(oldSecret)
    } finally {
      await restarted.closeApp()
    }
  })
})
