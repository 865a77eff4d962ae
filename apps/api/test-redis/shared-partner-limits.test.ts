import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createPartnerService } from '../src/modules/partners/partners.service'
import { type TestApp, buildTestApp } from '../test/support'

describe("a partner key's limits with REDIS_URL", () => {
  let first: TestApp
  let second: TestApp
  beforeAll(async () => {
    const env = { REDIS_URL: inject('redisUrl'), RATE_LIMIT_PARTNER_SESSIONS_PER_MINUTE: '4' }
    first = await buildTestApp({ env })
    second = await buildTestApp({ env, sameDatabaseAs: first, clock: first.clock })
  })
  afterAll(async () => {
    await second.close()
    await first.close()
  })

  it('are counted across api processes: ways in opened through one are refused by another', async () => {
    const registry = createPartnerService({
      db: first.db,
      clock: first.clock,
      production: false,
      secretsKey: randomBytes(32),
    })
    const partner = await registry.createPartner({
      slug: `redis-${randomBytes(3).toString('hex')}`,
      displayName: 'Acme Wallet',
      returnUrls: ['https://acme.example/back'],
    })
    const { key } = await registry.issueApiKey(partner.id)
    const open = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/partner/sessions',
        headers: { authorization: `Bearer ${key}` },
        payload: { email: 'ada@example.com', customerIp: '203.0.113.9', returnUrl: 'https://acme.example/back' },
      })
    for (let i = 0; i < 2; i++) expect((await open(first)).statusCode).toBe(201)
    for (let i = 0; i < 2; i++) expect((await open(second)).statusCode).toBe(201)
    const refused = await open(first)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ result: false, error: 'rate_limited' })
  })
})
