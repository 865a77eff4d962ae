import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { incomingTransfers } from '../src/db/tables/modules/intake'
import {
  BRAND,
  COMPANY,
  type TestApp,
  buildTestApp,
  callPublic,
  latestCode,
  operatorSession,
  uniqueEmail,
} from './support'

/** A shared demo or staging: production, real mail, sandboxes allowed, behind an operator's sign-in (decision 127). */
const SHARED_DEMO = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  DEV_OUTBOX: 'false',
  SMTP_URL: 'smtp://127.0.0.1:2',
  SMTP_FROM: 'Helvex <no-reply@helvex.example>',
  ALLOW_SANDBOX_IN_PRODUCTION: 'true',
} as const

describe('a shared deployment that allows sandboxes (NODE_ENV=production)', () => {
  const lines: string[] = []
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: SHARED_DEMO, logLines: lines })
  })
  afterAll(() => t.close())

  it('says at start, one warning per party, that it runs sandboxes in production', () => {
    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; party?: string })
    const warnings = logged.filter((line) => line.level === 40 && line.party)
    expect(warnings.map((line) => line.party)).toEqual([
      'card PSP',
      'open banking',
      'bank partner',
      'liquidity provider',
      'identity verification',
      'e-signature',
      // The tests' geo-IP answers one country (test/support/test-app.ts); a deployment reads the bundled database.
      'geo-IP',
      'price feed',
    ])
    expect(warnings[0]!.msg).toBe(
      'card PSP runs as a SANDBOX in production (ALLOW_SANDBOX_IN_PRODUCTION=true): no real money moves; its pages at /sandbox/psp need a signed-in operator (decision 127)',
    )
    expect(logged.map((line) => line.msg)).toContain('mail: SMTP')
    expect(logged.map((line) => line.msg)).toContain('API documentation at /docs: off')
  })

  it("keeps every sandbox page behind an operator's session: a forged transfer notice is refused and nothing stored", async () => {
    for (const url of [
      '/sandbox/bank-partner',
      '/sandbox/psp/checkout?session=x',
      '/sandbox/bank/consent?id=x',
      '/sandbox/idv/verify?applicant=x',
      '/sandbox/esign/sign?envelope=x',
    ]) {
      const anonymous = await t.app.inject({ method: 'GET', url })
      expect(anonymous.statusCode, url).toBe(401)
      expect(anonymous.json(), url).toEqual({ result: false, error: 'unauthorized' })
    }
    const forged = await t.app.inject({
      method: 'POST',
      url: '/sandbox/bank-partner/transfers',
      headers: { cookie: `operatorSession=${'A'.repeat(43)}` },
      payload: {
        creditedIban: 'GB33BUKB20201555555555',
        amount: '250.00',
        currency: 'eur',
        payerName: 'Mallory',
        payerIban: 'CH9300762011623852957',
        paymentReference: 'ANY-ORDER',
      },
    })
    expect(forged.statusCode).toBe(401)
    expect(await t.db.select().from(incomingTransfers)).toEqual([])
  })

  it('shows a banner on every sandbox page to the operator who opens it', async () => {
    const operator = await operatorSession(t, ['support'])
    for (const url of [
      '/sandbox/bank-partner',
      '/sandbox/psp/checkout?session=x',
      '/sandbox/bank/consent?id=x',
      '/sandbox/idv/verify?applicant=x',
      '/sandbox/esign/sign?envelope=x',
    ]) {
      const page = await t.app.inject({
        method: 'GET',
        url,
        headers: operator.headers,
      })
      expect(page.headers['content-type'], url).toContain('text/html')
      expect(page.body, url).toContain(
        '<div role="alert" style="background:#b91c1c;color:#fff;padding:12px 16px;font-weight:700;font-size:18px">SANDBOX on a shared deployment (ALLOW_SANDBOX_IN_PRODUCTION): nothing here is real.',
      )
    }
  })

  it('serves no dev outbox, mailbox, test partner or API documentation', async () => {
    const devPages = ['/dev/outbox', '/dev/mailbox', '/dev/partner', '/dev/partner/return']
    for (const url of [...devPages, '/docs', '/docs/json', '/docs/static/index.html']) {
      const answer = await t.app.inject({ method: 'GET', url })
      expect(answer.statusCode, url).toBe(404)
      expect(answer.json(), url).toEqual({ result: false, error: 'not_found' })
    }
  })

  it('has no server clock control: neither reading nor moving it answers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/test/clock' })).statusCode).toBe(404)
    const moved = await t.app.inject({ method: 'POST', url: '/test/clock/advance', payload: { seconds: 86_400 } })
    expect(moved.statusCode).toBe(404)
    expect(moved.json()).toEqual({ result: false, error: 'not_found' })
    const shifted = await t.app.inject({ method: 'POST', url: '/test/rates/shift', payload: { bps: 500 } })
    expect(shifted.statusCode).toBe(404)
  })
})

describe('the server clock control (decision 043)', () => {
  it('exists in development, where the cooling-off screen offers it, and moves the clock forward only', async () => {
    const dev = await buildTestApp({ env: { NODE_ENV: 'development', LOG_LEVEL: 'silent' } })
    try {
      const before = (await dev.app.inject({ method: 'GET', url: '/test/clock' })).json<{ data: { now: string } }>()
      const moved = await dev.app.inject({ method: 'POST', url: '/test/clock/advance', payload: { seconds: 86_400 } })
      const after = moved.json<{ data: { now: string } }>().data.now
      expect(Date.parse(after) - Date.parse(before.data.now)).toBeGreaterThanOrEqual(86_400_000)
      const back = await dev.app.inject({ method: 'POST', url: '/test/clock/advance', payload: { seconds: -60 } })
      expect(back.statusCode).toBe(400)
    } finally {
      await dev.close()
    }
  })
})

describe('the API documentation', () => {
  it('is served in production only when API_DOCS=true, and can be turned off elsewhere', async () => {
    const production = await buildTestApp({ env: { ...SHARED_DEMO, LOG_LEVEL: 'silent', API_DOCS: 'true' } })
    const testWithout = await buildTestApp({ env: { API_DOCS: 'false' } })
    try {
      expect((await production.app.inject({ method: 'GET', url: '/docs/json' })).json()).toMatchObject({
        openapi: expect.stringMatching(/^3\./),
      })
      expect((await testWithout.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404)
    } finally {
      await production.close()
      await testWithout.close()
    }
  })
})

describe('the trusted-device cookie', () => {
  async function deviceCookie(env: Record<string, string>, headers: Record<string, string> = {}) {
    const t = await buildTestApp({ env })
    try {
      const email = uniqueEmail('cookie')
      // Signed up through the same proxy: a sign-up's code is tried where it was asked for (decision 074).
      await callPublic(
        t.app,
        'homesignup',
        { email, password: 'secret12', token: 'DIRECT', companyDetails: COMPANY },
        headers,
      )
      const code = await latestCode(t.db, email)
      const verified = await callPublic(t.app, 'verifycode', { email, code }, headers)
      return verified.cookies.find((cookie) => cookie.name === 'trustedDevice')
    } finally {
      await t.close()
    }
  }

  it('is Secure whenever PUBLIC_URL is https, though the app behind the TLS proxy sees http', async () => {
    expect(await deviceCookie({ PUBLIC_URL: 'https://exchange.example' })).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Strict',
    })
  })

  it('is Secure when the request came over https through a trusted proxy, and not on a plain-http laptop', async () => {
    expect(
      await deviceCookie({ TRUST_PROXY_HOPS: '1' }, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' }),
    ).toMatchObject({ secure: true })
    expect((await deviceCookie({ PUBLIC_URL: 'http://localhost:3000' }))?.secure).toBeFalsy()
  })
})

describe('framework-level errors', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  it('answer the { result: false, error } contract: bad URL, content type, body size, JSON', async () => {
    const cases = [
      { request: { method: 'GET', url: '/%' }, status: 400, error: 'validation_failed' },
      { request: { method: 'GET', url: '/v1/public/%E0%A4%A' }, status: 400, error: 'validation_failed' },
      {
        request: {
          method: 'POST',
          url: '/v1/public/homelogin',
          headers: { 'content-type': 'text/xml' },
          payload: '<a/>',
        },
        status: 415,
        error: 'unsupported_media_type',
      },
      {
        request: {
          method: 'POST',
          url: '/v1/public/homelogin',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ brandName: BRAND, email: 'x'.repeat(200_000) }),
        },
        status: 413,
        error: 'payload_too_large',
      },
      {
        request: {
          method: 'POST',
          url: '/v1/public/homelogin',
          headers: { 'content-type': 'application/json' },
          payload: '{"brandName":',
        },
        status: 400,
        error: 'validation_failed',
      },
      {
        request: {
          method: 'POST',
          url: '/v1/public/homelogin',
          headers: { 'content-type': 'application/json' },
          payload: '{"brandName":"Helvex","__proto__":{"admin":true}}',
        },
        status: 400,
        error: 'validation_failed',
      },
    ] as const
    for (const { request, status, error } of cases) {
      const answer = await t.app.inject(request)
      expect(answer.statusCode, request.url).toBe(status)
      expect(answer.json(), request.url).toEqual({ result: false, error })
    }
  })

  it('answer the contract on the socket for a request the HTTP parser refuses', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = new URL(address)
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      )
      let received = ''
      socket.on('data', (chunk) => (received += chunk.toString()))
      socket.on('close', () => resolve(received))
      socket.on('error', reject)
    })
    expect(raw).toMatch(/^HTTP\/1.1 400 Bad Request\r\n/)
    expect(raw.split('\r\n\r\n')[1]).toBe('{"result":false,"error":"validation_failed"}')
  })

  it('every page denies the browser features the app does not use; api answers load nothing at all', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/healthz' })
    const policy = answer.headers['permissions-policy']
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
      expect(policy, feature).toContain(`${feature}=()`)
    expect(policy).not.toContain('clipboard-write')
    // Passkeys (decision 124): the app's own page may use them, no frame in it.
    expect(policy).toContain('publickey-credentials-get=(self)')
    expect(policy).toContain('publickey-credentials-create=(self)')
    const missingPage = await t.app.inject({ method: 'GET', url: '/sandbox/nothing' })
    expect(missingPage.headers['permissions-policy']).toBe(policy)
    const missingCall = await t.app.inject({ method: 'POST', url: '/v1/public/nothing', payload: {} })
    expect(missingCall.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
  })
})
