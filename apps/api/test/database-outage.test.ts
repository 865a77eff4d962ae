import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, callUser, signUpVerified, type TestApp } from './support'

describe('a database outage', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  it('answers a user call 503 service_unavailable with Retry-After, not 500 internal_error', async () => {
    const customer = await signUpVerified(t)
    expect((await callUser(t.app, 'getGross', customer.token)).status).toBe(200)

    await t.closeDatabase()
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/user/getGross',
      payload: { brandName: 'Helvex' },
      headers: { authorization: `Bearer ${customer.token}` },
    })
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('15')
    expect(response.json()).toEqual({ result: false, error: 'service_unavailable', retryAfterSeconds: 15 })
  })

  it('is not ready (readiness and /healthz answer 503) while the process stays alive', async () => {
    const own = await buildTestApp()
    try {
      const probe = async (url: string) => {
        const response = await own.app.inject({ method: 'GET', url })
        return { status: response.statusCode, retryAfter: response.headers['retry-after'], body: response.json() }
      }
      const kind = own.database.kind
      expect(await probe('/readyz')).toEqual({
        status: 200,
        retryAfter: undefined,
        body: { status: 'ok', database: kind },
      })

      await own.closeDatabase()
      for (const url of ['/readyz', '/healthz'])
        expect(await probe(url)).toEqual({
          status: 503,
          retryAfter: '15',
          body: { status: 'unavailable', database: kind },
        })
      expect(await probe('/livez')).toEqual({ status: 200, retryAfter: undefined, body: { status: 'alive' } })
    } finally {
      await own.close()
    }
  })
})
