import { readFileSync } from 'node:fs'
import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isPrivateAddress, postNotice } from './destination'
import { signedHeaders } from './signing'

/** The test vector docs/partner-webhooks.md publishes, read from the page itself. */
function publishedVector() {
  const page = readFileSync(new URL('../../../../../docs/partner-webhooks.md', import.meta.url), 'utf8')
  const line = (name: string) => new RegExp(`^${name}: (.+)$`, 'm').exec(page)?.[1] ?? ''
  return {
    secret: line('secret'),
    id: line('webhook-id'),
    timestamp: line('webhook-timestamp'),
    body: line('body'),
    signature: line('webhook-signature'),
  }
}

describe('signing of partner notices', () => {
  afterEach(() => vi.useRealTimers())

  it('makes the signature of the published test vector, which the Standard Webhooks library verifies', () => {
    const vector = publishedVector()
    expect(vector.signature).toMatch(/^v1,/)
    const headers = signedHeaders(
      [vector.secret],
      vector.id.replace(/^msg_/, ''),
      new Date(Number(vector.timestamp) * 1000 + 400),
      vector.body,
    )
    expect(headers).toEqual({
      'webhook-id': vector.id,
      'webhook-timestamp': vector.timestamp,
      'webhook-signature': vector.signature,
    })
    vi.useFakeTimers({ toFake: ['Date'], now: Number(vector.timestamp) * 1000 })
    expect(new Webhook(vector.secret).verify(vector.body, headers)).toMatchObject({ type: 'order.status_changed' })
    expect(() => new Webhook(vector.secret).verify(vector.body.replace('250.00', '251.00'), headers)).toThrow()
  })

  it('signs with each live secret, space-separated', () => {
    const secrets = ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', `whsec_${Buffer.alloc(32, 7).toString('base64')}`]
    const headers = signedHeaders(secrets, 'event', new Date(), '{}')
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2)
    for (const secret of secrets) expect(() => new Webhook(secret).verify('{}', headers)).not.toThrow()
  })
})

describe('where production notices may go', () => {
  it('refuses loopback, private, link-local and reserved addresses, in IPv4 and IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      'not-an-address',
    ])
      expect(isPrivateAddress(address), address).toBe(true)
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111']) expect(isPrivateAddress(address)).toBe(false)
  })

  it('sends nothing in production to an address that is, or resolves to, a private one', async () => {
    const production = { production: true, timeoutMs: 2000 }
    for (const url of ['https://127.0.0.1:9/hooks', 'https://[::1]:9/hooks', 'https://localhost:9/hooks'])
      expect(await postNotice(url, '{}', {}, production)).toEqual({
        error: 'refused: the address is private or loopback',
      })
    expect(await postNotice('http://partner.example/hooks', '{}', {}, production)).toEqual({
      error: 'refused: not an https address',
    })
  })
})
