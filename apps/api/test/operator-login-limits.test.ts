import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from './support'

const PASSWORD = 'correct-horse-battery'
const basic = (credentials: string) => ({ authorization: `Basic ${Buffer.from(credentials).toString('base64')}` })

describe('operator login', () => {
  const lines: string[] = []
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      env: { OPERATOR_CREDENTIALS: `ops.anna:${PASSWORD},ops.ben:${PASSWORD}-b`, LOG_LEVEL: 'warn' },
      logLines: lines,
    })
  })
  afterAll(() => t.close())

  const open = (credentials: string | undefined, remoteAddress: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/operator',
      headers: { ...(credentials && basic(credentials)), ...(cookie && { cookie }) },
      remoteAddress,
    })

  /** The operator signs in once from their browser, which keeps the cookie of their usual browser. */
  async function usualBrowserOf(credentials: string, remoteAddress: string) {
    const signedIn = await open(credentials, remoteAddress)
    expect(signedIn.statusCode).toBe(200)
    const cookie = signedIn.cookies.find((candidate) => candidate.name === 'operatorDevice')!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' })
    return `operatorDevice=${cookie.value}`
  }

  it('refuses an address after 10 failures, even with the right password, and logs each without the password', async () => {
    for (let i = 0; i < 10; i++) expect((await open(`ops.anna:wrong-guess-${i}xx`, '203.0.113.9')).statusCode).toBe(401)
    const refused = await open(`ops.anna:${PASSWORD}`, '203.0.113.9')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ result: false, error: 'rate_limited', retryAfterSeconds: 900 })
    expect(refused.headers['retry-after']).toBe('900')
    expect((await open(`ops.anna:${PASSWORD}`, '198.51.100.9')).statusCode).toBe(200)

    const failures = lines.filter((line) => line.includes('operator login failed'))
    expect(failures).toHaveLength(10)
    expect(JSON.parse(failures[0]!)).toMatchObject({ operator: 'ops.anna', ip: '203.0.113.9' })
    expect(lines.join('')).not.toContain('wrong-guess')
    expect(lines.join('')).not.toContain(PASSWORD)

    t.clock.advance(15 * 60_000)
    expect((await open(`ops.anna:${PASSWORD}`, '203.0.113.9')).statusCode).toBe(200)
  })

  it('refuses a name after 20 failures from many addresses; other operators still sign in', async () => {
    for (let i = 0; i < 20; i++) await open(`ops.ben:guess-number-${i}`, `192.0.2.${i + 1}`)
    expect((await open(`ops.ben:${PASSWORD}-b`, '198.51.100.20')).statusCode).toBe(429)
    expect((await open(`ops.anna:${PASSWORD}`, '198.51.100.20')).statusCode).toBe(200)
  })

  it('does not count the browser asking without credentials for the challenge', async () => {
    for (let i = 0; i < 12; i++) expect((await open(undefined, '203.0.113.50')).statusCode).toBe(401)
    expect((await open(`ops.anna:${PASSWORD}`, '203.0.113.50')).statusCode).toBe(200)
  })

  it("strangers failing with the operator's name, even from the operator's address, never lock out their usual browser", async () => {
    t.clock.advance(15 * 60_000)
    const office = '198.51.100.77'
    const usual = await usualBrowserOf(`ops.ben:${PASSWORD}-b`, office)
    for (let i = 0; i < 20; i++) await open(`ops.ben:guess-number-${i}`, `192.0.2.${100 + i}`)
    for (let i = 0; i < 10; i++) await open(`ops.ben:office-guess-${i}`, office)
    expect((await open(`ops.ben:${PASSWORD}-b`, office)).statusCode).toBe(429)
    expect((await open(`ops.ben:${PASSWORD}-b`, '198.51.100.78')).statusCode).toBe(429)

    const fromUsual = await open(`ops.ben:${PASSWORD}-b`, office, usual)
    expect(fromUsual.statusCode).toBe(200)
    expect(fromUsual.body).toContain('signed in as ops.ben')
    // A forged cookie, or one given to another operator's name, is no usual browser.
    expect((await open(`ops.ben:${PASSWORD}-b`, office, `${usual.slice(0, -3)}AAA`)).statusCode).toBe(429)
    const annsBrowser = await usualBrowserOf(`ops.anna:${PASSWORD}`, '198.51.100.79')
    expect((await open(`ops.ben:${PASSWORD}-b`, office, annsBrowser)).statusCode).toBe(429)
  })

  it('counts wrong passwords from the usual browser on that browser, which then waits', async () => {
    const usual = await usualBrowserOf(`ops.anna:${PASSWORD}`, '198.51.100.80')
    for (let i = 0; i < 10; i++)
      expect((await open(`ops.anna:typo-number-${i}`, '198.51.100.80', usual)).statusCode).toBe(401)
    expect((await open(`ops.anna:${PASSWORD}`, '198.51.100.80', usual)).statusCode).toBe(429)
    // Nobody else is held up by them.
    expect((await open(`ops.anna:${PASSWORD}`, '198.51.100.80')).statusCode).toBe(200)
  })
})
