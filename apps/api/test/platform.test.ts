import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPANY, type TestApp, buildTestApp, callPublic, deliverQueuedMail, uniqueEmail } from './support'

describe('platform', () => {
  let t: TestApp
  beforeAll(async () => {
    // The default brand, as production runs it (the tests' own brand asks by residence).
    t = await buildTestApp({ env: { BRAND_FILE: undefined } })
  })
  afterAll(() => t.close())

  it('/healthz answers ok with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok', database: expect.stringMatching(/^(pglite|postgres)$/) })
  })

  it('serves an OpenAPI document listing every call, and its UI at /docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json()
    expect(doc.openapi).toMatch(/^3\./)
    for (const call of [
      'homesignup',
      'homelogin',
      'verifycode',
      'homeresendcode',
      'homeStartResetPassword',
      'homeCheckToken',
      'homeCompleteResetPassword',
      'getBrand',
      'getUkStatus',
    ]) {
      expect(doc.paths).toHaveProperty([`/v1/public/${call}`])
    }
    expect(doc.paths).toHaveProperty(['/v1/user/getGross'])
    expect(doc.paths).toHaveProperty(['/v1/user/logout'])
    const ui = await t.app.inject({ method: 'GET', url: '/docs' })
    expect([200, 302]).toContain(ui.statusCode)
  })

  it('getBrand answers the brand: name, colours, company, UK mode', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/v1/public/getBrand', payload: {} })
    expect(answer.json()).toMatchObject({
      result: true,
      data: {
        brandName: 'Helvex',
        tagline: 'Fast and Simple Crypto Exchange',
        brandColor: '#663DE7',
        dashboardTheme: { colorScheme: 'dark', primaryColor: '#1697f6' },
        company: { name: expect.stringMatching(/AG$/), address: expect.stringContaining('Zug') },
        ukCheckMode: 'always',
      },
    })
  })

  it('getUkStatus says yes for everyone in the default mode "always"', async () => {
    const answer = await callPublic(t.app, 'getUkStatus', {})
    expect(answer.body).toEqual({ result: true, data: { isUk: true } })
  })

  it('lists every message at /dev/outbox and shows them at /dev/mailbox', async () => {
    const email = uniqueEmail('outbox')
    await callPublic(t.app, 'homesignup', { email, password: 'secret1', token: 'DIRECT', companyDetails: COMPANY })
    await deliverQueuedMail(t.db)
    const outbox = (await t.app.inject({ method: 'GET', url: '/dev/outbox' })).json()
    expect(outbox.data[0]).toMatchObject({ to: email, template: 'code_verify_email' })
    const mailbox = await t.app.inject({ method: 'GET', url: '/dev/mailbox' })
    expect(mailbox.headers['content-type']).toContain('text/html')
    expect(mailbox.body).toContain('Development mailbox')
    expect(mailbox.body).toContain(email)
  })

  it('sends the security headers of a page on pages and the api set on every api answer, refusals included', async () => {
    const page = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
        "img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';" +
        "style-src 'self' https: 'unsafe-inline'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      'permissions-policy': expect.stringContaining('camera=()'),
    }
    const api = {
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    }
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, payload })
    const answers = {
      '/healthz': await inject('GET', '/healthz'),
      '/dev/mailbox': await inject('GET', '/dev/mailbox'),
      '/v1/public/getHpRates': await inject('POST', '/v1/public/getHpRates', { brandName: 'Helvex' }),
      '/v1/public/homelogin': await inject('POST', '/v1/public/homelogin', { email: 'x' }),
      '/v1/user/getGross': await inject('POST', '/v1/user/getGross', {}),
      '/v1/public/nothing': await inject('GET', '/v1/public/nothing'),
    }
    expect(Object.fromEntries(Object.entries(answers).map(([url, answer]) => [url, answer.statusCode]))).toEqual({
      '/healthz': 200,
      '/dev/mailbox': 200,
      '/v1/public/getHpRates': 200,
      '/v1/public/homelogin': 400,
      '/v1/user/getGross': 401,
      '/v1/public/nothing': 404,
    })
    for (const [url, answer] of Object.entries(answers)) {
      const isApi = url.startsWith('/v1/')
      expect(answer.headers, url).toMatchObject(isApi ? api : page)
      expect(answer.headers, url).not.toHaveProperty('x-powered-by')
      if (isApi) expect(answer.headers, url).not.toHaveProperty('permissions-policy')
    }
  })
})

describe('with a real SMTP server configured', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      env: { DEV_OUTBOX: 'false', SMTP_URL: 'smtp://127.0.0.1:2', SMTP_FROM: 'Helvex <no-reply@helvex.example>' },
    })
  })
  afterAll(() => t.close())

  it('has no dev outbox or mailbox', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404)
  })
})

describe('geo-IP mode', () => {
  it('asks the geo-IP provider for the visitor country', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const file = join(mkdtempSync(join(tmpdir(), 'brand-')), 'brand.json')
    writeFileSync(file, JSON.stringify({ ukCheckMode: 'geoip' }))
    const inSwitzerland = await buildTestApp({ env: { BRAND_FILE: file, SANDBOX_GEOIP_COUNTRY: 'CH' } })
    const inBritain = await buildTestApp({ env: { BRAND_FILE: file, SANDBOX_GEOIP_COUNTRY: 'GB' } })
    try {
      expect((await callPublic(inSwitzerland.app, 'getUkStatus', {})).body.data).toEqual({ isUk: false })
      expect((await callPublic(inBritain.app, 'getUkStatus', {})).body.data).toEqual({ isUk: true })
    } finally {
      await inSwitzerland.close()
      await inBritain.close()
    }
  })
})

describe('with Stripe as the card PSP', () => {
  it('builds without the sandbox checkout pages', async () => {
    const stripe = await buildTestApp({
      env: {
        PSP_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_unused',
        PSP_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
        PUBLIC_URL: 'https://exchange.example',
      },
    })
    try {
      expect((await stripe.app.inject({ method: 'GET', url: '/sandbox/psp/checkout?session=x' })).statusCode).toBe(404)
      const forged = await stripe.app.inject({
        method: 'POST',
        url: '/v1/webhooks/psp',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: '{"id":"evt"}',
      })
      expect(forged.statusCode).toBe(401)
    } finally {
      await stripe.close()
    }
  })
})

describe('serving the web app beside the api', () => {
  it('answers client-side routes with the web app, and unknown api paths with a JSON 404', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Helvex</title><div id="root"></div>')
    writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)')
    const web = await buildTestApp({ env: { WEB_DIST_DIR: dist } })
    try {
      for (const path of ['/', '/login', '/dashboard-history', '/no-such-screen']) {
        const page = await web.app.inject({ method: 'GET', url: path })
        expect(page.statusCode, path).toBe(200)
        expect(page.body, path).toContain('<div id="root"></div>')
      }
      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' })
      expect(asset.headers['cache-control']).toContain('immutable')
      for (const path of [
        '/v1/public/noSuchCall',
        '/v1/nothing',
        '/sandbox/psp/nothing',
        '/dev/nothing',
        '/docs/nothing',
      ]) {
        const missing = await web.app.inject({ method: 'GET', url: path })
        expect(missing.statusCode, path).toBe(404)
        expect(missing.json(), path).toEqual({ result: false, error: 'not_found' })
      }
      const wrongMethod = await web.app.inject({ method: 'GET', url: '/v1/public/getBrand' })
      expect(wrongMethod.statusCode).toBe(405)
      expect(wrongMethod.headers.allow).toBe('POST')
    } finally {
      await web.close()
    }
  })
})
