import { Redis } from 'ioredis'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { COMPANY, type TestApp, buildTestApp, uniqueEmail } from '../test/support'
import { signInWithPassword } from '../test/support/operators'

const NAME = `ops.keys${randomBytes(4).toString('hex')}`

describe('the rate-limit keys in Redis', () => {
  let t: TestApp
  let redis: Redis
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        REDIS_URL: inject('redisUrl'),
        RATE_LIMIT_EMAIL_PER_15_MINUTES: '10',
      },
    })
    redis = new Redis(inject('redisUrl'))
  })
  afterAll(async () => {
    await t.close()
    await redis.quit()
  })

  it('hold pseudonyms, never an e-mail address or an operator name (decision 076), and still count per e-mail', async () => {
    const email = uniqueEmail('redis.keys')
    const ask = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/public/homeStartResetPassword',
        payload: { brandName: 'Helvex', email, companyDetails: COMPANY },
        remoteAddress,
      })
    await ask('10.79.0.1')
    await signInWithPassword(t, NAME, 'a-wrong-password', '10.79.0.2')

    const keys = [...(await redis.keys('exchange-rl:*')), ...(await redis.keys('exchange-fail:*'))]
    expect(keys.some((key) => key.includes('homeStartResetPassword:email:p_'))).toBe(true)
    expect(keys.filter((key) => key.startsWith('exchange-fail:operator-name-address:p_')).length).toBeGreaterThan(0)
    expect(keys.filter((key) => key.includes('@') || key.includes(NAME) || key.includes(email))).toEqual([])

    // The pseudonym counts the e-mail as the address did: its tenth request from ten addresses, then refused.
    for (let i = 2; i <= 10; i++) await ask(`10.79.1.${i}`)
    const refused = await ask('10.79.1.11')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ error: 'rate_limited' })
  })
})
