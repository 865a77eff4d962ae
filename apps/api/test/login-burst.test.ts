import { describe, expect, it } from 'vitest'
import { loginThrottles } from '../src/db/tables/modules/accounts'
import { COMPANY, callUser, signUpVerified, useTestApp } from './support'

// One hash at a time, and a short wait, so that a burst of logins overflows the queue on any machine.
const t = useTestApp({
  env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_MAX_WAIT_MS: '100', RATE_LIMIT_IP_PER_MINUTE: '1000' },
})

describe('a burst of logins', () => {
  it('is queued one hash at a time; what waits too long is answered "try again" (503, Retry-After) and counts as no failure', async () => {
    // Several customers, a few logins each: each e-mail's own login limit stays out of the way.
    const customers: Awaited<ReturnType<typeof signUpVerified>>[] = []
    for (let index = 0; index < 5; index += 1) customers.push(await signUpVerified(t))
    const login = (customer: (typeof customers)[number]) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/public/homelogin',
        payload: { brandName: 'Helvex', companyDetails: COMPANY, email: customer.email, password: customer.password },
        headers: { cookie: `trustedDevice=${customer.device}` },
      })
    const answers = await Promise.all(
      customers.flatMap((customer) => [login(customer), login(customer), login(customer)]),
    )

    const signedIn = answers.filter((answer) => answer.json().result === true)
    const busy = answers.filter((answer) => answer.statusCode === 503)
    expect(signedIn.length + busy.length).toBe(answers.length)
    expect(signedIn.length).toBeGreaterThanOrEqual(1)
    expect(busy.length).toBeGreaterThanOrEqual(1)
    for (const answer of busy) {
      expect(answer.json()).toEqual({ result: false, error: 'service_unavailable', retryAfterSeconds: 2 })
      expect(answer.headers['retry-after']).toBe('2')
    }
    // A refused login was never checked: it is not a failed login, and the customer's next try goes through.
    expect(await t.db.select().from(loginThrottles)).toEqual([])
    const token = signedIn[0]!.json().data.token as string
    expect((await callUser(t.app, 'getGross', token)).body.result).toBe(true)
    const again = await login(customers[0]!)
    expect(again.json()).toEqual({ result: true, data: { token: expect.any(String) } })
  })
})
