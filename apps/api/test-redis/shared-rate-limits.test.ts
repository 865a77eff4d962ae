import { randomBytes } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { COMPANY, type TestApp, buildTestApp, uniqueEmail } from '../test/support'

/**
 * Two api processes on one Redis with a limit of 4 a minute: two calls on each pass, the fifth (on the first again)
 * is refused, so the count is shared and not per process.
 */
function describeSharedLimit(
  title: string,
  limit: Record<string, string>,
  network: string,
  call: () => Omit<InjectOptions, 'remoteAddress'>,
) {
  describe(title, () => {
    let first: TestApp
    let second: TestApp
    beforeAll(async () => {
      const env = { REDIS_URL: inject('redisUrl'), ...limit }
      first = await buildTestApp({ env })
      second = await buildTestApp({ env })
    })
    afterAll(async () => {
      await first.close()
      await second.close()
    })

    it('is shared by every api process: calls counted by one are refused by another', async () => {
      const ip = `${network}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`
      const send = (t: TestApp) => t.app.inject({ ...call(), remoteAddress: ip })
      for (let i = 0; i < 2; i++) expect((await send(first)).statusCode).toBe(200)
      for (let i = 0; i < 2; i++) expect((await send(second)).statusCode).toBe(200)
      const refused = await send(first)
      expect(refused.statusCode).toBe(429)
      expect(refused.json()).toMatchObject({ result: false, error: 'rate_limited' })
    })
  })
}

describeSharedLimit('rate limits with REDIS_URL', { RATE_LIMIT_IP_PER_MINUTE: '4' }, '10.77', () => ({
  method: 'POST',
  url: '/v1/public/homelogin',
  payload: { brandName: 'Helvex', email: uniqueEmail(), password: 'whatever1', companyDetails: COMPANY },
}))

describeSharedLimit('the error reports limit with REDIS_URL', { ERROR_LOG_REPORTS_PER_MINUTE: '4' }, '10.78', () => ({
  method: 'POST',
  url: '/v1/public/logError',
  payload: { brandName: 'Helvex', source: 'render', message: 'shared' },
}))
