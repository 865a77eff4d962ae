import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createPartnerService } from '../src/modules/partners/partners.service'
import { useTestApp } from './support'

// No PUBLIC_URL: a partner still gets a link it can send its customer to, at the address it called.
const t = useTestApp()

describe('a way in without a configured public address', () => {
  it('answers the link at the address the partner’s server called, never a relative one', async () => {
    const registry = createPartnerService({ db: t.db, clock: t.clock, production: false, secretsKey: randomBytes(32) })
    const partner = await registry.createPartner({
      slug: 'no-public-address',
      displayName: 'Acme Wallet',
      returnUrls: ['https://acme.example/back'],
      orderFields: { fiat: false, coin: false, network: false, amount: false, wallet: false, locked: false },
    })
    const { key } = await registry.issueApiKey(partner.id)
    const answer = await t.app.inject({
      method: 'POST',
      url: '/v1/partner/sessions',
      headers: { authorization: `Bearer ${key}`, host: 'exchange.internal:8080' },
      payload: { email: 'ada@example.com', customerIp: '203.0.113.9', returnUrl: 'https://acme.example/back' },
    })
    expect(answer.statusCode).toBe(201)
    const url = new URL(answer.json().data.url)
    expect(`${url.origin}${url.pathname}`).toBe('http://exchange.internal:8080/mp')
    expect(url.searchParams.get('partner')).toBe('no-public-address')
  })
})
