import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type TestApp, buildTestApp } from '../test/support'

describe('the error reports limit with REDIS_URL', () => {
  let first: TestApp
  let second: TestApp
  beforeAll(async () => {
    const env = { REDIS_URL: inject('redisUrl'), ERROR_LOG_REPORTS_PER_MINUTE: '4' }
    first = await buildTestApp({ env })
    second = await buildTestApp({ env })
  })
  afterAll(async () => {
    await first.close()
    await second.close()
  })

  it('is shared by every api process: reports counted by one are refused by another', async () => {
    const ip = `10.78.${randomBytes(1)[0]}.${randomBytes(1)[0]}`
    const send = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/public/logError',
        payload: { brandName: 'Helvex', source: 'render', message: 'shared' },
        remoteAddress: ip,
      })
    for (let i = 0; i < 2; i++) expect((await send(first)).statusCode).toBe(200)
    for (let i = 0; i < 2; i++) expect((await send(second)).statusCode).toBe(200)
    const refused = await send(first)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ result: false, error: 'rate_limited' })
  })
})
