import { hash } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { accountEvents, loginThrottles } from '../src/db/tables/modules/accounts'
import { customers } from '../src/db/tables/modules/customers'
import { passwordHashLoad, passwordHashWorkers } from '../src/modules/accounts/passwords'
import { COMPANY, callPublic, callUser, signUpVerified, useTestApp } from './support'

/** A hash stored before decision 059 (libuv's thread pool, same library and parameters) of this password. */
const HASHED_BEFORE =
  '$argon2id$v=19$m=19456,t=2,p=1$OUK9Yazj1NHAMAGD94g60Q$8eSBpxYM0ZLNmOezILIDyFJvxNYMED5To6Jo9y+ZT2c'
const PASSWORD_HASHED_BEFORE = 'hashed before decision 059'

// One hash at a time and a wait no test reaches: nothing here is refused for being busy.
const t = useTestApp({ env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_MAX_WAIT_MS: '60000' } })

const login = (customer: { email: string; device: string }, password: string) =>
  callPublic(
    t.app,
    'homelogin',
    { companyDetails: COMPANY, email: customer.email, password },
    { cookie: `trustedDevice=${customer.device}` },
  )

const storedHashOf = async (email: string) =>
  (await t.db.select({ hash: customers.passwordHash }).from(customers).where(eq(customers.email, email)))[0]!.hash

describe('logins hashed in a thread of lowest priority', () => {
  it('sign up and log in; a wrong password is refused; what is stored is an argon2id hash as before', async () => {
    const customer = await signUpVerified(t)
    const stored = await storedHashOf(customer.email)
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(stored).not.toContain(customer.password)

    const signedIn = await login(customer, customer.password)
    expect(signedIn.body).toEqual({ result: true, data: { token: expect.any(String) } })
    expect((await callUser(t.app, 'getGross', signedIn.body.data.token)).body.data.userName).toBe(customer.email)
    expect((await login(customer, 'not the password')).body).toEqual({ result: false, error: 'invalid_credentials' })
  })

  it('let a customer whose password was hashed before in', async () => {
    const customer = await signUpVerified(t)
    await t.db.update(customers).set({ passwordHash: HASHED_BEFORE }).where(eq(customers.email, customer.email))
    expect((await login(customer, PASSWORD_HASHED_BEFORE)).body.result).toBe(true)
    expect((await login(customer, customer.password)).body).toEqual({ result: false, error: 'invalid_credentials' })
  })

  it('answer "try again" (503) to a login whose hash thread crashed, count no failure, and check the next login', async () => {
    const customer = await signUpVerified(t)
    // A stored hash of fifty passes: its check takes long enough to be seen running, however loaded the machine.
    const slowToCheck = await hash(customer.password, {
      algorithm: 2,
      memoryCost: 19_456,
      timeCost: 50,
      parallelism: 1,
    })
    await t.db.update(customers).set({ passwordHash: slowToCheck }).where(eq(customers.email, customer.email))

    const crashed = login(customer, customer.password)
    await vi.waitFor(() => expect(passwordHashLoad()).toEqual({ running: 1, waiting: 0 }), { interval: 2 })
    await Promise.all(passwordHashWorkers().map((worker) => worker.terminate()))
    const answer = await crashed
    expect(answer.status).toBe(503)
    expect(answer.body).toEqual({ result: false, error: 'service_unavailable', retryAfterSeconds: 2 })
    expect(answer.headers['retry-after']).toBe('2')
    // Nothing was decided about the password: no failed login is counted or recorded.
    expect(await t.db.select().from(loginThrottles).where(eq(loginThrottles.email, customer.email))).toEqual([])
    const events = await t.db.select().from(accountEvents).where(eq(accountEvents.email, customer.email))
    expect(events.map((event) => event.type)).not.toContain('login_failed')

    expect((await login(customer, customer.password)).body).toEqual({
      result: true,
      data: { token: expect.any(String) },
    })
  })
})
