import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPANY, type TestApp, buildTestApp, callPublic, signUpVerified, uniqueEmail } from './support'

describe('rate limits', () => {
  describe('per IP', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await buildTestApp({ env: { RATE_LIMIT_IP_PER_MINUTE: '3' } })
    })
    afterAll(() => t.close())

    it.each([
      'homelogin',
      'homesignup',
      'verifycode',
      'homeresendcode',
      'homeStartResetPassword',
      'homeCheckToken',
      'homeCompleteResetPassword',
    ])('%s answers 429 with Retry-After once an IP passes the limit', async (call) => {
      const headers = { 'x-test-ip': call }
      // A new e-mail each time: the per-e-mail code budgets answer 429 of their own.
      const payload = () => ({
        email: uniqueEmail(),
        password: 'whatever1',
        code: '12345',
        token: 'DIRECT',
        companyDetails: COMPANY,
      })
      const remote = { remoteAddress: `10.0.0.${call.length}` }
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: `/v1/public/${call}`,
          payload: { brandName: 'Helvex', ...payload() },
          headers,
          ...remote,
        })
      for (let i = 0; i < 3; i++) expect((await send()).statusCode).not.toBe(429)
      const limited = await send()
      expect(limited.statusCode).toBe(429)
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      expect(limited.json()).toMatchObject({ result: false, error: 'rate_limited' })
    })

    it('counts each IP on its own', async () => {
      const send = (ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/public/homelogin',
          payload: { brandName: 'Helvex', email: uniqueEmail(), password: 'whatever1', companyDetails: COMPANY },
          remoteAddress: ip,
        })
      for (let i = 0; i < 4; i++) await send('10.9.9.1')
      expect((await send('10.9.9.2')).statusCode).toBe(200)
    })
  })

  describe('per e-mail', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await buildTestApp({ env: { RATE_LIMIT_EMAIL_PER_15_MINUTES: '3' } })
    })
    afterAll(() => t.close())

    it('answers 429 for an e-mail tried from many IPs', async () => {
      const email = uniqueEmail('target')
      const send = (i: number) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/public/homeCheckToken',
          payload: { brandName: 'Helvex', email, code: '1234' + (i % 10) },
          remoteAddress: `10.1.1.${i}`,
        })
      for (let i = 0; i < 3; i++) expect((await send(i)).json()).toEqual({ result: false, error: 'code_invalid' })
      const limited = await send(9)
      expect(limited.statusCode).toBe(429)
      expect(limited.headers['retry-after']).toBeDefined()
      const other = await callPublic(t.app, 'homeCheckToken', { email: uniqueEmail(), code: '12345' })
      expect(other.status).toBe(200)
    })

    it('does not lock the owner out of logins per e-mail: past the account-wide limit strangers read the code step (decision 075)', async () => {
      const customer = await signUpVerified(t)
      for (let i = 0; i < 12; i++) {
        const guess = await t.app.inject({
          method: 'POST',
          url: '/v1/public/homelogin',
          payload: { brandName: 'Helvex', email: customer.email, password: 'guess' + i, companyDetails: COMPANY },
          remoteAddress: `10.2.2.${i}`,
        })
        // After ten failures on the account from anywhere, a guess reads as the code step; no code goes out for it.
        if (i < 10) expect(guess.json()).toEqual({ result: false, error: 'invalid_credentials' })
        else expect(guess.json()).toMatchObject({ result: true, code: true })
      }
      const owner = await t.app.inject({
        method: 'POST',
        url: '/v1/public/homelogin',
        payload: { brandName: 'Helvex', email: customer.email, password: customer.password, companyDetails: COMPANY },
        headers: { cookie: `trustedDevice=${customer.device}` },
        remoteAddress: '10.2.3.1',
      })
      expect(owner.json()).toEqual({ result: true, data: { token: expect.any(String) } })
    })
  })

  describe('behind a proxy (TRUST_PROXY_HOPS)', () => {
    it('counts the client address the proxy reports, not the proxy’s own', async () => {
      const behind = await buildTestApp({ env: { RATE_LIMIT_IP_PER_MINUTE: '2', TRUST_PROXY_HOPS: '1' } })
      try {
        const send = (client: string) =>
          behind.app.inject({
            method: 'POST',
            url: '/v1/public/homelogin',
            payload: { brandName: 'Helvex', email: uniqueEmail(), password: 'whatever1', companyDetails: COMPANY },
            remoteAddress: '10.0.0.1',
            headers: { 'x-forwarded-for': client },
          })
        expect((await send('203.0.113.7')).statusCode).toBe(200)
        expect((await send('203.0.113.7')).statusCode).toBe(200)
        expect((await send('203.0.113.7')).statusCode).toBe(429)
        expect((await send('203.0.113.8')).statusCode).toBe(200)
      } finally {
        await behind.close()
      }
    })

    it('ignores X-Forwarded-For when no proxy is trusted', async () => {
      const direct = await buildTestApp({ env: { RATE_LIMIT_IP_PER_MINUTE: '2' } })
      try {
        const send = (client: string) =>
          direct.app.inject({
            method: 'POST',
            url: '/v1/public/homelogin',
            payload: { brandName: 'Helvex', email: uniqueEmail(), password: 'whatever1', companyDetails: COMPANY },
            remoteAddress: '10.0.0.2',
            headers: { 'x-forwarded-for': client },
          })
        await send('203.0.113.1')
        await send('203.0.113.2')
        expect((await send('203.0.113.3')).statusCode).toBe(429)
      } finally {
        await direct.close()
      }
    })
  })
})
