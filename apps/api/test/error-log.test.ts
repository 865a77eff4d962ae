import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientErrors } from '../src/db/tables/modules/error-log'
import { type TestApp, buildTestApp, signUpVerified, useTestApp, EVERY_ROLE, useOperatorSession } from './support'
import { type Receiver, startReceiver } from './support/webhook-receiver'

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjdXN0b21lciJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg'

let receiver: Receiver
beforeAll(async () => {
  receiver = await startReceiver()
})
afterAll(() => receiver?.close())

/** The app of most tests: its webhook at the receiver's `/errors`, a small cap and a small per-address limit. */
const t = useTestApp(async () =>
  buildTestApp({
    env: {
      ERROR_LOG_WEBHOOK_URL: receiver.url('/errors'),
      ERROR_LOG_MAX_ENTRIES: '10',
      ERROR_LOG_REPORTS_PER_MINUTE: '1000',
    },
  }),
)
const operatorHeaders: Record<string, string> = useOperatorSession(t, EVERY_ROLE, 'ops.anna').headers

let addresses = 0
/** A report from an address of its own, so that the limit of one test does not reach another. */
async function report(app: TestApp, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/v1/public/logError',
    payload: { brandName: 'Helvex', ...payload },
    headers,
    remoteAddress: `10.120.0.${++addresses % 250}`,
  })
  return { status: response.statusCode, body: response.json() as Record<string, unknown> }
}

const stored = (app: TestApp) => app.db.select().from(clientErrors).orderBy(clientErrors.seq)
const forwardJobs = (app: TestApp) =>
  app.db.execute(
    sql`SELECT state, start_after > now() + interval '5 seconds' AS waits FROM pgboss.job WHERE name = 'forward-error' ORDER BY created_on`,
  ) as Promise<{ rows: { state: string; waits: boolean }[] }>

describe('POST /v1/public/logError', () => {
  it('refuses a malformed report and stores nothing', async () => {
    const before = (await stored(t)).length
    const refused = [
      { source: 'render' },
      { source: 'nonsense', message: 'x' },
      { source: 'render', message: 'x'.repeat(501) },
      { source: 'render', message: 'x', stack: 's'.repeat(4001) },
      { source: 'render', message: 'x', path: '/dashboard?code=12345' },
      { source: 'render', message: 'x', path: `/${'p'.repeat(200)}` },
      { source: 'failed_call', message: 'fail rates!', call: 'get Hp Rates' },
      { source: 'failed_call', message: 'fail rates!', call: `g${'x'.repeat(64)}` },
      { source: 'render', message: 'x', extra: 'unknown field' },
      { source: 'render', message: 'bell \u0007' },
      { brandName: 'Another', source: 'render', message: 'x' },
    ]
    for (const payload of refused) {
      const answer = await report(t, payload)
      expect(answer.status, JSON.stringify(payload)).toBe(400)
      expect(answer.body.result).toBe(false)
    }
    expect(await stored(t)).toHaveLength(before)
  })

  it('stores a report scrubbed: no token, password, code or e-mail address', async () => {
    const answer = await report(t, {
      source: 'error',
      message: `login failed for ada.lovelace@example.com with {"password":"hunter2-secret"} and code 48213`,
      stack: `Error: boom\n    at send (Authorization: Bearer ${JWT})\n    at retry (token=${JWT})`,
      path: '/dashboard-receipt',
    })
    expect(answer).toEqual({ status: 200, body: { result: true } })
    const [entry] = (await stored(t)).slice(-1)
    expect(entry).toMatchObject({ source: 'error', path: '/dashboard-receipt', customerId: null })
    const kept = JSON.stringify(entry)
    for (const secret of ['ada.lovelace', 'example.com', 'hunter2', '48213', JWT, 'c2lnbmF0dXJl'])
      expect(kept).not.toContain(secret)
    expect(entry!.message).toBe('login failed for [email] with {"password":[redacted]} and code [code]')
  })

  it('records the customer of a valid session; a report with a lapsed or forged token is kept without one', async () => {
    const { token } = await signUpVerified(t)
    const headers = (bearer: string) => ({ authorization: `Bearer ${bearer}` })
    await report(t, { source: 'failed_call', message: 'fail db gross!', call: 'getGross' }, headers(token))
    await report(t, { source: 'failed_call', message: 'fail db gross!', call: 'getGross' }, headers(JWT))
    const [signedIn, forged] = (await stored(t)).slice(-2)
    expect(signedIn!.customerId).toEqual(expect.any(String))
    expect(forged!.customerId).toBeNull()
  })

  it('keeps the newest ERROR_LOG_MAX_ENTRIES entries, pruning the oldest as each comes', async () => {
    for (let n = 1; n <= 14; n++)
      expect((await report(t, { source: 'render', message: `burst ${n}` })).status).toBe(200)
    const kept = await stored(t)
    expect(kept).toHaveLength(10)
    expect(kept.map((entry) => entry.message)).toEqual(Array.from({ length: 10 }, (_, n) => `burst ${n + 5}`))
  })
})

describe('the rate limit per client address', () => {
  const limited = useTestApp({ env: { ERROR_LOG_REPORTS_PER_MINUTE: '3' } })

  it('answers 429 past ERROR_LOG_REPORTS_PER_MINUTE from one address, storing nothing more; another address goes on', async () => {
    const send = (address: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/v1/public/logError',
        payload: { brandName: 'Helvex', source: 'render', message: 'again' },
        remoteAddress: address,
      })
    for (let n = 0; n < 3; n++) expect((await send('10.121.0.1')).statusCode).toBe(200)
    const refused = await send('10.121.0.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ result: false, error: 'rate_limited' })
    expect((await send('10.121.0.2')).statusCode).toBe(200)
    expect(await stored(limited)).toHaveLength(4)
  })
})

describe('forwarding to ERROR_LOG_WEBHOOK_URL', () => {
  it('delivers each entry with brandName, tries again after failures with growing waits, and sends no secret', async () => {
    await t.db.execute(sql`DELETE FROM pgboss.job WHERE name = 'forward-error'`)
    receiver.script('/errors', [500, 503])
    const { token } = await signUpVerified(t)
    await report(
      t,
      { source: 'failed_call', message: `fail rates! password=${'p4ss-word'}`, call: 'getHpRates', error: 'network' },
      { authorization: `Bearer ${token}` },
    )
    const [entry] = (await stored(t)).slice(-1)
    const seen = () => receiver.at('/errors').length
    const before = seen()

    // First try: 500. The job waits (at least 10 s) before the next.
    await t.app.jobs.forwardErrors()
    expect(seen()).toBe(before + 1)
    expect((await forwardJobs(t)).rows).toEqual([{ state: 'retry', waits: true }])
    expect(await t.app.jobs.forwardErrors()).toBe(0)

    // Second try, once due: 503.
    await t.db.execute(
      sql`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = 'forward-error'`,
    )
    await t.app.jobs.forwardErrors()
    expect(seen()).toBe(before + 2)
    expect((await forwardJobs(t)).rows).toEqual([{ state: 'retry', waits: true }])

    // Third: 200, and the entry is marked forwarded.
    await t.db.execute(
      sql`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = 'forward-error'`,
    )
    await t.app.jobs.forwardErrors()
    expect(seen()).toBe(before + 3)
    expect((await forwardJobs(t)).rows.map((job) => job.state)).toEqual(['completed'])
    const [after] = await t.db.select().from(clientErrors).where(eq(clientErrors.id, entry!.id))
    expect(after).toMatchObject({ forwardTries: 3, forwardedAt: expect.any(Date) })

    const notices = receiver.at('/errors').slice(-3)
    for (const notice of notices) {
      expect(notice.headers['content-type']).toBe('application/json')
      expect(notice.headers.authorization).toBeUndefined()
      expect(notice.body).not.toContain(token)
      expect(notice.body).not.toContain('p4ss-word')
      expect(notice.body).not.toContain(entry!.customerId!)
    }
    expect(JSON.parse(notices[2]!.body)).toEqual({
      brandName: 'Helvex',
      error: {
        id: entry!.id,
        at: entry!.createdAt.toISOString(),
        source: 'failed_call',
        message: 'fail rates! password=[redacted]',
        stack: null,
        path: null,
        call: 'getHpRates',
        error: 'network',
        signedIn: true,
      },
    })

    // A job run again after its entry went out sends nothing more.
    await t.db.execute(
      sql`UPDATE pgboss.job SET state = 'retry', completed_on = NULL, start_after = now() - interval '1 second' WHERE name = 'forward-error'`,
    )
    await t.app.jobs.forwardErrors()
    expect(seen()).toBe(before + 3)
  })

  it('gives a try 10 s at most: an endpoint that does not answer fails the try, and the queue tries again later', async () => {
    await t.db.execute(sql`DELETE FROM pgboss.job WHERE name = 'forward-error'`)
    receiver.script('/errors', ['hold'])
    await report(t, { source: 'render', message: 'slow endpoint' })
    const started = performance.now()
    await t.app.jobs.forwardErrors()
    const took = performance.now() - started
    expect(took).toBeGreaterThanOrEqual(9_500)
    expect(took).toBeLessThan(20_000)
    expect((await forwardJobs(t)).rows).toEqual([{ state: 'retry', waits: true }])
    const [entry] = (await stored(t)).slice(-1)
    expect(entry).toMatchObject({ message: 'slow endpoint', forwardTries: 1, forwardedAt: null })
  })

  it('queues nothing and sends nothing when no webhook is set; the report is still kept', async () => {
    const quiet = await buildTestApp()
    try {
      const before = receiver.received.length
      expect((await report(quiet, { source: 'render', message: 'quiet' })).status).toBe(200)
      expect(await stored(quiet)).toHaveLength(1)
      expect((await forwardJobs(quiet)).rows).toEqual([])
      expect(await quiet.app.jobs.forwardErrors()).toBe(0)
      expect(receiver.received.length).toBe(before)
    } finally {
      await quiet.close()
    }
  })
})

describe('the operator page of errors', () => {
  it('shows the latest errors grouped by message and source, with count, first and last seen', async () => {
    await t.db.delete(clientErrors)
    const at = (iso: string) => t.clock.set(new Date(iso))
    at('2026-03-01T10:00:00.000Z')
    await report(t, { source: 'failed_call', message: 'fail rates!', call: 'getHpRates' })
    at('2026-03-01T10:05:00.000Z')
    await report(t, { source: 'failed_call', message: 'fail rates!', call: 'getHpRates' })
    at('2026-03-01T10:07:00.000Z')
    await report(t, { source: 'render', message: 'fail rates!', path: '/dashboard' })
    at('2026-03-01T10:09:00.000Z')
    await report(t, { source: 'failed_call', message: 'fail rates!', call: 'getHpRates' })

    const headers = { ...operatorHeaders }
    expect((await t.app.inject({ method: 'GET', url: '/operator/errors' })).statusCode).toBe(401)
    const page = await t.app.inject({ method: 'GET', url: '/operator/errors', headers })
    expect(page.statusCode).toBe(200)
    const rows = [
      ...page.body.matchAll(
        /<tr><td>([^<]+)<\/td><td><code>([^<]+)<\/code>.*?<\/td><td>(\d+)<\/td><td>([^<]+)<\/td><td>([^<]+)<\/td>/g,
      ),
    ].map((match) => match.slice(1, 6))
    expect(rows).toEqual([
      ['Failed call', 'fail rates!', '3', '2026-03-01T10:00:00.000Z', '2026-03-01T10:09:00.000Z'],
      ['Screen failed to render', 'fail rates!', '1', '2026-03-01T10:07:00.000Z', '2026-03-01T10:07:00.000Z'],
    ])
    expect(page.body).toContain('call getHpRates')
    const overview = await t.app.inject({ method: 'GET', url: '/operator', headers })
    expect(overview.body).toContain('href="/operator/errors"')
  })
})
