import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type TestApp, buildTestApp } from '../test/support'

// A name of its own each run: the per-name count lives in the shared Redis for 15 minutes.
const NAME = `ops.redis${randomBytes(4).toString('hex')}`
const basic = (credentials: string) => ({ authorization: `Basic ${Buffer.from(credentials).toString('base64')}` })

describe('operator login limits with REDIS_URL', () => {
  let first: TestApp
  let second: TestApp
  beforeAll(async () => {
    // One JWT secret, as processes on one database have: the counters' keys are pseudonyms under it (decision 076).
    const env = {
      REDIS_URL: inject('redisUrl'),
      OPERATOR_CREDENTIALS: `${NAME}:correct-horse-battery`,
      JWT_SECRET: 'processes-behind-one-balancer-share-this-48-chars',
    }
    first = await buildTestApp({ env })
    second = await buildTestApp({ env })
  })
  afterAll(async () => {
    await first.close()
    await second.close()
  })

  it('are shared by every api process: failures counted by one refuse the address at another', async () => {
    const ip = `10.78.${randomBytes(1)[0]}.${randomBytes(1)[0]}`
    const open = (t: TestApp, password: string) =>
      t.app.inject({ method: 'GET', url: '/operator', headers: basic(`${NAME}:${password}`), remoteAddress: ip })
    for (let i = 0; i < 5; i++) expect((await open(first, `wrong-password-${i}`)).statusCode).toBe(401)
    for (let i = 0; i < 5; i++) expect((await open(second, `wrong-password-${i}`)).statusCode).toBe(401)
    const refused = await open(first, 'correct-horse-battery')
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })
})
