import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type TestApp, buildTestApp } from '../test/support'
import { signInWithPassword } from '../test/support/operators'

// A name of its own each run: the per-name count lives in the shared Redis for 15 minutes.
const NAME = `ops.redis${randomBytes(4).toString('hex')}`

describe('operator login limits with REDIS_URL', () => {
  let first: TestApp
  let second: TestApp
  beforeAll(async () => {
    // One JWT secret, as processes on one database have: the counters' keys are pseudonyms under it (decision 076).
    const env = {
      REDIS_URL: inject('redisUrl'),
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
    // Ten failures from one address, with names of its own (the limit per name and address is five), half at each.
    const open = async (t: TestApp, name: string) => (await signInWithPassword(t, name, 'wrong-password', ip)).response
    for (let i = 0; i < 5; i++) expect((await open(first, `${NAME}.${i}`)).statusCode).toBe(401)
    for (let i = 5; i < 10; i++) expect((await open(second, `${NAME}.${i}`)).statusCode).toBe(401)
    const refused = await open(first, NAME)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })
})
