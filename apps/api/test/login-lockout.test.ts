import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { loginThrottles } from '../src/db/tables/modules/accounts'
import { loginDelaySeconds, takeLoginTry } from '../src/modules/accounts/login-throttle'
import { COMPANY, callPublic, mailTo, signUpVerified, useTestApp } from './support'

// The production per-e-mail limit, which used to lock the owner out after ten strangers' failures.
const t = useTestApp({ env: { RATE_LIMIT_EMAIL_PER_15_MINUTES: '10' } })

const login = (email: string, password: string, remoteAddress: string, device?: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/v1/public/homelogin',
      payload: { brandName: 'Helvex', email, password, companyDetails: COMPANY },
      remoteAddress,
      ...(device && { headers: { cookie: `trustedDevice=${device}` } }),
    })
    .then((response) => ({ status: response.statusCode, body: response.json(), headers: response.headers }))

describe('targeted lockouts', () => {
  it('waits grow after five failures: none, then 30 s doubling to 15 minutes', () => {
    expect([1, 5, 6, 7, 8, 10, 11, 20].map(loginDelaySeconds)).toEqual([0, 0, 30, 60, 120, 480, 900, 900])
  })

  it('each failure is followed by the wait its count gives, up to 15 minutes, and a day later the count starts again', async () => {
    const email = 'counted.tries@example.com'
    const source = 'ip:198.51.100.7'
    let now = new Date('2026-03-02T08:00:00Z')
    for (let failures = 1; failures <= 14; failures++) {
      expect(await takeLoginTry(t.db, email, source, now), `try ${failures}`).toEqual({ ok: true })
      const wait = loginDelaySeconds(failures)
      const [stored] = await t.db.select().from(loginThrottles).where(eq(loginThrottles.email, email))
      expect(stored, `try ${failures}`).toMatchObject({ failures, blockedUntil: new Date(now.getTime() + wait * 1000) })
      // A try while waiting is refused with the seconds left, and changes nothing.
      if (wait > 0) {
        const early = new Date(now.getTime() + 1000)
        expect(await takeLoginTry(t.db, email, source, early)).toEqual({ ok: false, retryAfterSeconds: wait - 1 })
      }
      now = new Date(now.getTime() + wait * 1000)
    }
    const dayLater = new Date(now.getTime() + 24 * 3_600_000)
    expect(await takeLoginTry(t.db, email, source, dayLater)).toEqual({ ok: true })
    const [stored] = await t.db.select().from(loginThrottles).where(eq(loginThrottles.email, email))
    expect(stored).toMatchObject({ failures: 1, blockedUntil: dayLater })
  })

  it('parallel tries of one source are counted one by one: five free, the sixth taken, the rest wait', async () => {
    const now = new Date('2026-03-03T08:00:00Z')
    const tries = await Promise.all(
      Array.from({ length: 10 }, () => takeLoginTry(t.db, 'parallel.tries@example.com', 'ip:198.51.100.8', now)),
    )
    expect(tries.filter((taken) => taken.ok)).toHaveLength(6)
    expect(tries.filter((taken) => !taken.ok)).toEqual(Array(4).fill({ ok: false, retryAfterSeconds: 30 }))
  })

  it("a stranger's wrong logins slow down only the stranger; the owner gets in on their device and from their address", async () => {
    const owner = await signUpVerified(t)
    const answers = []
    for (let i = 0; i < 7; i++) answers.push(await login(owner.email, `guess-${i}`, '203.0.113.66'))
    expect(answers.slice(0, 6).map((answer) => answer.body.error)).toEqual(Array(6).fill('invalid_credentials'))
    expect(answers[6]?.status).toBe(429)
    expect(answers[6]?.body).toEqual({ result: false, error: 'rate_limited', retryAfterSeconds: 30 })
    expect(answers[6]?.headers['retry-after']).toBe('30')
    // Even the right password waits: the stranger learns nothing while waiting.
    expect((await login(owner.email, owner.password, '203.0.113.66')).status).toBe(429)

    const onDevice = await login(owner.email, owner.password, '198.51.100.1', owner.device)
    expect(onDevice.body).toEqual({ result: true, data: { token: expect.any(String) } })
    const fromAddress = await login(owner.email, owner.password, '198.51.100.2')
    expect(fromAddress.body).toEqual({ result: true, code: true, retryAfterSeconds: 30 })

    t.clock.advance(30_000)
    expect((await login(owner.email, 'guess-again', '203.0.113.66')).body.error).toBe('invalid_credentials')
    expect((await login(owner.email, 'guess-again', '203.0.113.66')).body.retryAfterSeconds).toBe(60)
  })

  it('ten wrong logins from ten addresses do not block the owner', async () => {
    const owner = await signUpVerified(t)
    for (let i = 0; i < 10; i++)
      expect((await login(owner.email, `guess-${i}`, `192.0.2.${i + 1}`)).body.error).toBe('invalid_credentials')
    const again = await login(owner.email, owner.password, '198.51.100.3', owner.device)
    expect(again.body.data.token).toBeTypeOf('string')
  })

  it("reset requests do not use up the codes of the owner's new-device login", async () => {
    const owner = await signUpVerified(t)
    for (let i = 0; i < 5; i++) {
      t.clock.advance(31_000)
      await callPublic(t.app, 'homeStartResetPassword', { email: owner.email, companyDetails: COMPANY })
    }
    t.clock.advance(31_000)
    const sixth = await callPublic(t.app, 'homeStartResetPassword', { email: owner.email, companyDetails: COMPANY })
    expect(sixth.status).toBe(429)
    expect(sixth.body.error).toBe('resend_limit_reached')

    const answer = await login(owner.email, owner.password, '198.51.100.4')
    expect(answer.body).toEqual({ result: true, code: true, retryAfterSeconds: 30 })
    const [mail] = await mailTo(t.db, owner.email)
    expect(mail?.template).toBe('code_login')
  })

  it('tells the code step when the next code can be asked for', async () => {
    const owner = await signUpVerified(t)
    t.clock.advance(31_000)
    await login(owner.email, owner.password, '198.51.100.5')
    t.clock.advance(10_000)
    const second = await login(owner.email, owner.password, '198.51.100.5')
    expect(second.body).toEqual({ result: true, code: true, retryAfterSeconds: 20 })
  })
})
