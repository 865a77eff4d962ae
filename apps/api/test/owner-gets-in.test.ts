import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accountEvents } from '../src/db/tables/modules/accounts'
import { COMPANY, latestCode, mailTo, signUpVerified, useTestApp } from './support'

const t = useTestApp()

/** A public call from one client address, with the browser's trusted-device cookie when it has one. */
/** The public calls that send e-mail carry the company's details (spec section 7); the others refuse them. */
const SENDS_MAIL = new Set(['homesignup', 'homelogin', 'homeresendcode', 'homeStartResetPassword'])

async function callFrom(remoteAddress: string, name: string, payload: Record<string, unknown>, device?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/public/${name}`,
    payload: { brandName: 'Helvex', ...(SENDS_MAIL.has(name) && { companyDetails: COMPANY }), ...payload },
    remoteAddress,
    ...(device && { headers: { cookie: `trustedDevice=${device}` } }),
  })
  await t.app.jobs.issueCodes()
  return { status: response.statusCode, body: response.json() }
}

const templatesTo = async (email: string) => (await mailTo(t.db, email)).map((mail) => mail.template)
const attacker = (n: number) => `203.0.113.${n}`

/** Fifteen wrong codes from three addresses: the e-mail's tries of the day are used up. */
async function pauseCodesOf(email: string) {
  for (let n = 1; n <= 3; n++)
    for (let i = 0; i < 5; i++) await callFrom(attacker(n), 'verifycode', { email, code: '00000' })
}

describe('codes paused by a stranger', () => {
  it("keep refusing the stranger, while the owner's password on a new browser brings a code that signs in", async () => {
    const owner = await signUpVerified(t)
    await pauseCodesOf(owner.email)
    t.clock.advance(31_000)

    // The stranger is refused: no check, no code sent, wherever they ask from.
    for (const [call, payload] of [
      ['verifycode', { code: '12345' }],
      ['homeCheckToken', { code: '12345' }],
      ['homeStartResetPassword', {}],
      ['homeresendcode', {}],
    ] as const) {
      const refused = await callFrom(attacker(9), call, { email: owner.email, ...payload })
      expect(refused, call).toMatchObject({ status: 429, body: { result: false, error: 'codes_paused' } })
    }

    const home = '198.51.100.10'
    expect((await callFrom(home, 'homelogin', { email: owner.email, password: owner.password })).body).toEqual({
      result: true,
      code: true,
      retryAfterSeconds: 30,
    })
    expect((await templatesTo(owner.email))[0]).toBe('code_login')
    const code = await latestCode(t.db, owner.email)
    // The owner's code is not the stranger's to try: refused before it is compared.
    expect((await callFrom(attacker(9), 'verifycode', { email: owner.email, code })).body.error).toBe('codes_paused')
    const signedIn = await callFrom(home, 'verifycode', { email: owner.email, code })
    expect(signedIn).toMatchObject({ status: 200, body: { result: true, data: { token: expect.any(String) } } })
  })

  it('let the owner on a trusted browser ask for a reset code and use it', async () => {
    const owner = await signUpVerified(t)
    await pauseCodesOf(owner.email)
    t.clock.advance(31_000)
    const home = '198.51.100.11'
    expect((await callFrom(home, 'homeStartResetPassword', { email: owner.email }, owner.device)).status).toBe(200)
    const code = await latestCode(t.db, owner.email)
    expect((await callFrom(home, 'homeCheckToken', { email: owner.email, code })).body).toEqual({ result: true })
  })
})

describe('resend limits', () => {
  it("used up by strangers still give the owner, holding the last code, a new one; the stranger's asks are refused", async () => {
    const owner = await signUpVerified(t)
    const home = '198.51.100.12'
    t.clock.advance(31_000)
    await callFrom(home, 'homelogin', { email: owner.email, password: owner.password })
    const answers = []
    for (let n = 1; n <= 6; n++) {
      t.clock.advance(31_000)
      answers.push((await callFrom(attacker(20 + n), 'homeresendcode', { email: owner.email })).body)
    }
    expect(answers.slice(0, 5).map((answer) => answer.result)).toEqual([true, true, true, true, true])
    expect(answers[5]).toMatchObject({ result: false, error: 'resend_limit_reached' })

    t.clock.advance(31_000)
    expect((await callFrom(home, 'homeresendcode', { email: owner.email })).body).toEqual({
      result: true,
      retryAfterSeconds: 30,
    })
    const code = await latestCode(t.db, owner.email)
    await pauseCodesOf(owner.email)
    // Asked again by strangers, the code stayed the owner's: their guesses did not use up its tries, and it works
    // where the owner asked for it, even paused.
    const signedIn = await callFrom(home, 'verifycode', { email: owner.email, code })
    expect(signedIn.body).toEqual({ result: true, data: { token: expect.any(String) } })
  })
})

describe('passwords guessed from many addresses', () => {
  it('slow each address, tell the owner once, and answer guesses as a code step while the owner still gets in', async () => {
    const owner = await signUpVerified(t)
    const first = []
    for (let n = 1; n <= 10; n++)
      first.push((await callFrom(attacker(40 + n), 'homelogin', { email: owner.email, password: `guess-${n}` })).body)
    expect(first).toEqual(Array(10).fill({ result: false, error: 'invalid_credentials' }))
    expect(await templatesTo(owner.email)).toEqual(['password_guessing', 'code_verify_email'])
    const [notice] = await mailTo(t.db, owner.email)
    expect(notice?.text).toContain('You can still sign in')

    // Now a guess reads as the code step the right password gets; no code goes out for it.
    t.clock.advance(31_000)
    const guess = await callFrom(attacker(60), 'homelogin', { email: owner.email, password: 'guess-more' })
    const right = await callFrom(attacker(61), 'homelogin', { email: owner.email, password: owner.password })
    expect(guess).toEqual({ status: 200, body: { result: true, code: true, retryAfterSeconds: 30 } })
    expect(right).toEqual(guess)
    expect(await templatesTo(owner.email)).toEqual(['code_login', 'password_guessing', 'code_verify_email'])

    // One address keeps guessing: after its five it waits, growing.
    const waits = []
    for (let i = 0; i < 7; i++)
      waits.push((await callFrom(attacker(70), 'homelogin', { email: owner.email, password: `again-${i}` })).status)
    expect(waits).toEqual([200, 200, 200, 200, 200, 200, 429])

    // The owner's trusted browser signs in with the password alone; a new browser with the password and the code.
    const credentials = { email: owner.email, password: owner.password }
    const trusted = await callFrom('198.51.100.13', 'homelogin', credentials, owner.device)
    expect(trusted.body).toEqual({ result: true, data: { token: expect.any(String) } })
    t.clock.advance(31_000)
    const home = '198.51.100.14'
    expect((await callFrom(home, 'homelogin', credentials)).body.code).toBe(true)
    const code = await latestCode(t.db, owner.email)
    expect((await callFrom(home, 'verifycode', { email: owner.email, code })).body.data.token).toBeTypeOf('string')

    const noticed = await t.db.select().from(accountEvents).where(eq(accountEvents.email, owner.email))
    expect(noticed.filter((event) => event.type === 'password_guessing_noticed')).toHaveLength(1)
    expect((await templatesTo(owner.email)).filter((template) => template === 'password_guessing')).toHaveLength(1)
  })
})
