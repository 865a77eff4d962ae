import { and, eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accountEvents,
  passkeyChallenges,
  passkeys,
  recoveryCodes,
  totpFactors,
} from '../src/db/tables/modules/accounts'
import { customers } from '../src/db/tables/modules/customers'
import { softwarePasskey } from './support/authenticator'
import {
  COMPANY,
  type TestApp,
  buildTestApp,
  callPublic,
  callUser,
  latestCode,
  mailTo,
  signUpVerified,
} from './support'

/** What the app's answers and mail were given: the passkeys' origin is the request's (no PUBLIC_URL in tests). */
const ORIGIN = 'http://localhost'

let t: TestApp
const logLines: string[] = []
beforeAll(async () => {
  t = await buildTestApp({ logLines, env: { LOG_LEVEL: 'info' } })
})
afterAll(async () => {
  await t.close()
})

type Customer = Awaited<ReturnType<typeof signUpVerified>>

function codeAt(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  })
}

/** The next code of the app: the clock moved to the next 30-second step, as a customer waits for a new code. */
function nextCode(secret: string): string {
  t.clock.advance(30_000)
  return codeAt(secret, t.clock.now())
}

async function customerIdOf(email: string) {
  const [row] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email))
  return row!.id
}

async function eventsOf(email: string, type: string) {
  const id = await customerIdOf(email)
  const rows = await t.db.select().from(accountEvents).where(eq(accountEvents.customerId, id))
  return rows.filter((row) => row.type === type)
}

/** Sets up the app as otp0-otp3 do: the password, the secret read in text, a first code, the recovery codes. */
async function enrolTotp(customer: Customer) {
  const started = await callUser(t.app, 'startTotp', customer.token, { currentPassword: customer.password })
  expect(started.body.result).toBe(true)
  const secret = started.body.data.secret as string
  const confirmed = await callUser(t.app, 'confirmTotp', customer.token, { code: codeAt(secret, t.clock.now()) })
  expect(confirmed.body.result).toBe(true)
  return { secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[], setup: started.body.data }
}

/** The password step on the customer's trusted device: with a second factor on, it answers a ticket. */
async function passwordStep(customer: Customer) {
  const login = await callPublic(
    t.app,
    'homelogin',
    { email: customer.email, password: customer.password, companyDetails: COMPANY },
    { cookie: `trustedDevice=${customer.device}` },
  )
  return login.body
}

async function ticketOf(customer: Customer) {
  const answer = await passwordStep(customer)
  expect(answer.secondFactor).toBeDefined()
  return answer.secondFactor.ticket as string
}

async function addPasskey(customer: Customer, proof: Record<string, unknown> = {}, name = 'Work laptop') {
  const key = softwarePasskey()
  const started = await callUser(t.app, 'startPasskey', customer.token, {
    currentPassword: customer.password,
    ...proof,
  })
  expect(started.body.result).toBe(true)
  const { challengeId, options } = started.body.data
  const added = await callUser(t.app, 'addPasskey', customer.token, {
    challengeId,
    name,
    response: key.register(options, ORIGIN),
  })
  return { key, added: added.body }
}

describe('the authenticator app (TOTP)', () => {
  it('is set up with its QR code and its secret in text, and is on only after a first right code', async () => {
    const customer = await signUpVerified(t)
    const id = await customerIdOf(customer.email)
    const started = await callUser(t.app, 'startTotp', customer.token, { currentPassword: customer.password })
    expect(started.body.result).toBe(true)
    const { secret, otpauthUrl, qrCode } = started.body.data
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(otpauthUrl).toContain(`secret=${secret}`)
    expect(otpauthUrl).toContain('issuer=Helvex')
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg')
    // Stored sealed: the secret is nowhere in the row.
    const [row] = await t.db.select().from(totpFactors).where(eq(totpFactors.customerId, id))
    expect(row!.sealedSecret).not.toContain(secret)
    expect(row!.confirmedAt).toBeNull()
    // Pending: the login still needs no second factor, and the status says off.
    expect((await passwordStep(customer)).data.token).toBeTruthy()
    expect((await callUser(t.app, 'secondFactorStatus', customer.token)).body.data).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
      passkeys: [],
    })
    // A wrong first code: refused, still off.
    const wrongCode = String((Number(codeAt(secret, t.clock.now())) + 1) % 1_000_000).padStart(6, '0')
    const wrong = await callUser(t.app, 'confirmTotp', customer.token, { code: wrongCode })
    expect(wrong.body).toMatchObject({ result: false, error: 'second_factor_invalid' })
    // A malformed one: a clear error, nothing stored.
    const malformed = await callUser(t.app, 'confirmTotp', customer.token, { code: '12ab' })
    expect(malformed.status).toBe(400)
    expect(malformed.body).toMatchObject({ result: false, error: 'validation_failed' })
    const right = await callUser(t.app, 'confirmTotp', customer.token, { code: codeAt(secret, t.clock.now()) })
    expect(right.body.result).toBe(true)
    const codes = right.body.data.recoveryCodes as string[]
    expect(codes).toHaveLength(10)
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/)
    expect(new Set(codes).size).toBe(10)
    // Kept hashed only.
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.customerId, id))
    expect(stored).toHaveLength(10)
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''))
    expect((await callUser(t.app, 'secondFactorStatus', customer.token)).body.data).toMatchObject({
      totp: true,
      recoveryCodesLeft: 10,
    })
    expect(await eventsOf(customer.email, 'second_factor_enabled')).toHaveLength(1)
    const [mail] = await mailTo(t.db, customer.email)
    expect(mail!.subject).toBe('Two-factor sign-in is on for your Helvex account')
    // Confirmed once: a second confirmation has nothing pending.
    const again = await callUser(t.app, 'confirmTotp', customer.token, { code: nextCode(secret) })
    expect(again.body).toMatchObject({ result: false, error: 'totp_not_started' })
  })

  it('asks for a code after the password, signs in with it, and refuses the same code again', async () => {
    const customer = await signUpVerified(t)
    const { secret } = await enrolTotp(customer)
    const answer = await passwordStep(customer)
    expect(answer).toMatchObject({ result: true, secondFactor: { methods: ['totp'] } })
    expect(answer.data).toBeUndefined()
    const code = nextCode(secret)
    const signedIn = await callPublic(t.app, 'loginSecondFactor', { ticket: answer.secondFactor.ticket, code })
    expect(signedIn.body.result).toBe(true)
    expect((await callUser(t.app, 'listSessions', signedIn.body.data.token)).status).toBe(200)
    // The ticket is used: it signs in once.
    const reused = await callPublic(t.app, 'loginSecondFactor', { ticket: answer.secondFactor.ticket, code })
    expect(reused.body).toMatchObject({ result: false, error: 'login_ticket_invalid' })
    // The same code with a new ticket, within its window: refused as used.
    const replay = await callPublic(t.app, 'loginSecondFactor', { ticket: await ticketOf(customer), code })
    expect(replay.body).toMatchObject({ result: false, error: 'second_factor_used' })
    // And the code of the step before it (still within the window of one step): refused too.
    const earlier = codeAt(secret, new Date(t.clock.now().getTime() - 30_000))
    const older = await callPublic(t.app, 'loginSecondFactor', { ticket: await ticketOf(customer), code: earlier })
    expect(older.body).toMatchObject({ result: false, error: 'second_factor_used' })
    // The next code signs in.
    const next = await callPublic(t.app, 'loginSecondFactor', {
      ticket: await ticketOf(customer),
      code: nextCode(secret),
    })
    expect(next.body.result).toBe(true)
  })

  it('asks a new device for the e-mailed code first, then the second factor', async () => {
    const customer = await signUpVerified(t)
    const { secret } = await enrolTotp(customer)
    const login = await callPublic(t.app, 'homelogin', {
      email: customer.email,
      password: customer.password,
      companyDetails: COMPANY,
    })
    expect(login.body).toMatchObject({ result: true, code: true })
    const verified = await callPublic(t.app, 'verifycode', {
      email: customer.email,
      code: await latestCode(t.db, customer.email),
    })
    expect(verified.body).toMatchObject({ result: true, secondFactor: { methods: ['totp'] } })
    expect(verified.body.data).toBeUndefined()
    // The browser is trusted now (the mailbox is proved); the session waits for the second factor.
    expect(verified.cookies.find((cookie) => cookie.name === 'trustedDevice')).toBeDefined()
    const signedIn = await callPublic(t.app, 'loginSecondFactor', {
      ticket: verified.body.secondFactor.ticket,
      code: nextCode(secret),
    })
    expect(signedIn.body.result).toBe(true)
  })

  it('signs in with a recovery code once; the second use is refused; the customer is told', async () => {
    const customer = await signUpVerified(t)
    const { recoveryCodes: codes } = await enrolTotp(customer)
    // Typed in lower case without its dash: accepted as written on paper.
    const typed = codes[0]!.toLowerCase().replace('-', '')
    const first = await callPublic(t.app, 'loginSecondFactor', { ticket: await ticketOf(customer), code: typed })
    expect(first.body.result).toBe(true)
    const second = await callPublic(t.app, 'loginSecondFactor', { ticket: await ticketOf(customer), code: codes[0] })
    expect(second.body).toMatchObject({ result: false, error: 'second_factor_invalid' })
    const used = await eventsOf(customer.email, 'recovery_code_used')
    expect(used).toHaveLength(1)
    expect(used[0]!.detail).toEqual({ action: 'login', left: 9 })
    const [mail] = await mailTo(t.db, customer.email)
    expect(mail!.subject).toBe('A recovery code was used on your Helvex account')
    expect(mail!.text).toContain('9 of your recovery codes are left')
    expect((await callUser(t.app, 'secondFactorStatus', customer.token)).body.data.recoveryCodesLeft).toBe(9)
  })

  it('limits guesses: five wrong codes free, then a wait, even for the right code', async () => {
    const customer = await signUpVerified(t)
    const { secret } = await enrolTotp(customer)
    const right = nextCode(secret)
    const wrong = right === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      const refused = await callPublic(t.app, 'loginSecondFactor', { ticket: await ticketOf(customer), code: wrong })
      expect(refused.body).toMatchObject({ result: false, error: 'second_factor_invalid' })
    }
    const ticket = await ticketOf(customer)
    const waiting = await callPublic(t.app, 'loginSecondFactor', { ticket, code: wrong })
    expect(waiting.body).toMatchObject({ result: false, error: 'second_factor_invalid' })
    const slowed = await callPublic(t.app, 'loginSecondFactor', { ticket, code: right })
    expect(slowed.status).toBe(429)
    expect(slowed.body).toMatchObject({ result: false, error: 'rate_limited' })
    expect(await eventsOf(customer.email, 'second_factor_failed')).toHaveLength(6)
    // After the wait the right code signs in, and the count starts again.
    t.clock.advance(31_000)
    const after = await callPublic(t.app, 'loginSecondFactor', { ticket, code: codeAt(secret, t.clock.now()) })
    expect(after.body.result).toBe(true)
  })

  it('refuses a bad code format, an unknown or expired ticket with a clear error, and counts none as a guess', async () => {
    const customer = await signUpVerified(t)
    await enrolTotp(customer)
    const ticket = await ticketOf(customer)
    for (const code of ['12345', '1234567', 'abc', '', '12-34-56', 'ABCDE-FGHI1']) {
      const refused = await callPublic(t.app, 'loginSecondFactor', { ticket, code })
      expect(refused.status, code).toBe(400)
      expect(refused.body).toMatchObject({ result: false, error: 'validation_failed' })
    }
    const unknown = await callPublic(t.app, 'loginSecondFactor', { ticket: 'x'.repeat(43), code: '123456' })
    expect(unknown.body).toMatchObject({ result: false, error: 'login_ticket_invalid' })
    const malformed = await callPublic(t.app, 'loginSecondFactor', { ticket: 'short', code: '123456' })
    expect(malformed.status).toBe(400)
    // A ticket runs out after ten minutes.
    t.clock.advance(11 * 60_000)
    const expired = await callPublic(t.app, 'loginSecondFactor', { ticket, code: '123456' })
    expect(expired.body).toMatchObject({ result: false, error: 'login_ticket_invalid' })
    // None of it counted as a guess.
    expect(await eventsOf(customer.email, 'second_factor_failed')).toHaveLength(0)
  })
})

describe('re-authentication with a second factor on', () => {
  it('asks each sensitive action for the second factor, and takes a code or a recovery code', async () => {
    const customer = await signUpVerified(t)
    const { secret, recoveryCodes: codes } = await enrolTotp(customer)
    const password = { currentPassword: customer.password }
    const actions: [string, Record<string, unknown>][] = [
      ['changePassword', { newPassword: 'a brand new phrase' }],
      ['startEmailChange', { newEmail: `new.${customer.email}` }],
      ['closeAccount', {}],
      ['disableTotp', {}],
      ['renewRecoveryCodes', {}],
      ['startPasskey', {}],
      ['startTotp', {}],
    ]
    for (const [name, body] of actions) {
      const refused = await callUser(t.app, name, customer.token, { ...password, ...body })
      expect(refused.body, name).toMatchObject({ result: false, error: 'second_factor_required' })
      expect(refused.body.fields, name).toEqual({
        secondFactor: 'Confirm with your authenticator app, a recovery code or a passkey',
      })
    }
    // A passkey that is not theirs is refused before anything is asked.
    const removeRefused = await callUser(t.app, 'removePasskey', customer.token, {
      ...password,
      passkeyId: crypto.randomUUID(),
    })
    expect(removeRefused.body).toMatchObject({ result: false, error: 'passkey_not_found' })
    // Nothing changed.
    expect((await callUser(t.app, 'secondFactorStatus', customer.token)).body.data).toMatchObject({
      totp: true,
      recoveryCodesLeft: 10,
    })
    // A wrong code is refused and recorded; the right one lets the action through.
    const wrong = await callUser(t.app, 'renewRecoveryCodes', customer.token, {
      ...password,
      secondFactor: { code: '000000' === codeAt(secret, t.clock.now()) ? '111111' : '000000' },
    })
    expect(wrong.body).toMatchObject({ result: false, error: 'second_factor_invalid' })
    const renewed = await callUser(t.app, 'renewRecoveryCodes', customer.token, {
      ...password,
      secondFactor: { code: nextCode(secret) },
    })
    expect(renewed.body.result).toBe(true)
    const fresh = renewed.body.data.recoveryCodes as string[]
    expect(fresh).toHaveLength(10)
    expect(await eventsOf(customer.email, 'recovery_codes_renewed')).toHaveLength(1)
    // The old set no longer works; the new one does, for the password change.
    const old = await callUser(t.app, 'changePassword', customer.token, {
      ...password,
      newPassword: 'a brand new phrase',
      secondFactor: { code: codes[1] },
    })
    expect(old.body).toMatchObject({ result: false, error: 'second_factor_invalid' })
    const changed = await callUser(t.app, 'changePassword', customer.token, {
      ...password,
      newPassword: 'a brand new phrase',
      secondFactor: { code: fresh[0] },
    })
    expect(changed.body.result).toBe(true)
    // Turning the app off asks for it too, and then the login needs only the password.
    const off = await callUser(t.app, 'disableTotp', customer.token, {
      currentPassword: 'a brand new phrase',
      secondFactor: { code: nextCode(secret) },
    })
    expect(off.body.result).toBe(true)
    expect(await eventsOf(customer.email, 'second_factor_disabled')).toHaveLength(1)
    expect((await callUser(t.app, 'secondFactorStatus', customer.token)).body.data).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
      passkeys: [],
    })
    const login = await passwordStep({ ...customer, password: 'a brand new phrase' })
    expect(login.data.token).toBeTruthy()
  })
})

describe('passkeys', () => {
  it('registers several, names and removes them, signs in with one and proves a sensitive action', async () => {
    const customer = await signUpVerified(t)
    const id = await customerIdOf(customer.email)
    // The first passkey turns two-factor sign-in on, and makes the recovery codes.
    const first = await addPasskey(customer)
    expect(first.added.result).toBe(true)
    expect(first.added.data.passkey).toMatchObject({ name: 'Work laptop', lastUsedAt: null })
    expect(first.added.data.recoveryCodes).toHaveLength(10)
    const [stored] = await t.db.select().from(passkeys).where(eq(passkeys.customerId, id))
    expect(stored!.credentialId).toBe(first.key.credentialId)
    // A second one needs the second factor now: the first passkey proves it.
    const options = await callUser(t.app, 'passkeyReauthOptions', customer.token)
    const proof = {
      secondFactor: {
        passkey: {
          challengeId: options.body.data.challengeId,
          response: first.key.assert(options.body.data.options, ORIGIN),
        },
      },
    }
    const second = await addPasskey(customer, proof, 'Phone')
    expect(second.added.result).toBe(true)
    expect(second.added.data.recoveryCodes).toBeUndefined()
    const renamed = await callUser(t.app, 'renamePasskey', customer.token, {
      passkeyId: second.added.data.passkey.id,
      name: 'My phone',
    })
    expect(renamed.body.result).toBe(true)
    const status = (await callUser(t.app, 'secondFactorStatus', customer.token)).body.data
    expect(status.passkeys.map((key: { name: string }) => key.name)).toEqual(['Work laptop', 'My phone'])
    expect(await eventsOf(customer.email, 'passkey_added')).toHaveLength(2)

    // At login: the password, then the passkey.
    const answer = await passwordStep(customer)
    expect(answer.secondFactor.methods).toEqual(['passkey'])
    const loginOptions = await callPublic(t.app, 'passkeyLoginOptions', { ticket: answer.secondFactor.ticket })
    expect(loginOptions.body.data.options.allowCredentials).toHaveLength(2)
    const signedIn = await callPublic(t.app, 'loginSecondFactor', {
      ticket: answer.secondFactor.ticket,
      passkey: {
        challengeId: loginOptions.body.data.challengeId,
        response: second.key.assert(loginOptions.body.data.options, ORIGIN),
      },
    })
    expect(signedIn.body.result).toBe(true)

    // A passkey alone signs in (no password, no e-mailed code), with the user verified.
    const signInOptions = await callPublic(t.app, 'passkeyLoginOptions', {})
    expect(signInOptions.body.data.options.allowCredentials).toEqual([])
    const alone = await callPublic(t.app, 'passkeySignIn', {
      passkey: {
        challengeId: signInOptions.body.data.challengeId,
        response: first.key.assert(signInOptions.body.data.options, ORIGIN),
      },
    })
    expect(alone.body.result).toBe(true)
    expect((await callUser(t.app, 'secondFactorStatus', alone.body.data.token)).status).toBe(200)

    // Removing one asks for the password and a second factor.
    const removeOptions = await callUser(t.app, 'passkeyReauthOptions', customer.token)
    const removed = await callUser(t.app, 'removePasskey', customer.token, {
      currentPassword: customer.password,
      passkeyId: second.added.data.passkey.id,
      secondFactor: {
        passkey: {
          challengeId: removeOptions.body.data.challengeId,
          response: first.key.assert(removeOptions.body.data.options, ORIGIN),
        },
      },
    })
    expect(removed.body.result).toBe(true)
    expect(await eventsOf(customer.email, 'passkey_removed')).toHaveLength(1)
    const [mail] = await mailTo(t.db, customer.email)
    expect(mail!.subject).toBe('A passkey was removed from your Helvex account')
    expect(mail!.text).toContain('"My phone"')
    // The removed passkey no longer signs in.
    const later = await callPublic(t.app, 'passkeyLoginOptions', {})
    const refused = await callPublic(t.app, 'passkeySignIn', {
      passkey: {
        challengeId: later.body.data.challengeId,
        response: second.key.assert(later.body.data.options, ORIGIN),
      },
    })
    expect(refused.body).toMatchObject({ result: false, error: 'passkey_invalid' })
  })

  it('refuses an unknown passkey, a wrong or used challenge, another origin and a sign-in without user verification', async () => {
    const customer = await signUpVerified(t)
    const { key } = await addPasskey(customer)
    const stranger = softwarePasskey()
    const before = await t.db.select().from(passkeys)
    const options = await callPublic(t.app, 'passkeyLoginOptions', {})
    const { challengeId } = options.body.data
    const unknown = await callPublic(t.app, 'passkeySignIn', {
      passkey: { challengeId, response: stranger.assert(options.body.data.options, ORIGIN) },
    })
    expect(unknown.body).toMatchObject({ result: false, error: 'passkey_invalid' })
    // The challenge was answered (wrongly): it is used up.
    const used = await callPublic(t.app, 'passkeySignIn', {
      passkey: { challengeId, response: key.assert(options.body.data.options, ORIGIN) },
    })
    expect(used.body).toMatchObject({ result: false, error: 'passkey_challenge_invalid' })
    const notIssued = await callPublic(t.app, 'passkeySignIn', {
      passkey: { challengeId: crypto.randomUUID(), response: key.assert(options.body.data.options, ORIGIN) },
    })
    expect(notIssued.body).toMatchObject({ result: false, error: 'passkey_challenge_invalid' })
    const fresh = await callPublic(t.app, 'passkeyLoginOptions', {})
    const phished = await callPublic(t.app, 'passkeySignIn', {
      passkey: {
        challengeId: fresh.body.data.challengeId,
        response: key.assert(fresh.body.data.options, 'https://helvex.example.evil'),
      },
    })
    expect(phished.body).toMatchObject({ result: false, error: 'passkey_invalid' })
    const unverified = await callPublic(t.app, 'passkeyLoginOptions', {})
    const noUv = await callPublic(t.app, 'passkeySignIn', {
      passkey: {
        challengeId: unverified.body.data.challengeId,
        response: key.assert(unverified.body.data.options, ORIGIN, { userVerified: false }),
      },
    })
    expect(noUv.body).toMatchObject({ result: false, error: 'passkey_invalid' })
    // A challenge made for the sign-in does not answer a re-authentication.
    const signInChallenge = await callPublic(t.app, 'passkeyLoginOptions', {})
    const crossed = await callUser(t.app, 'renewRecoveryCodes', customer.token, {
      currentPassword: customer.password,
      secondFactor: {
        passkey: {
          challengeId: signInChallenge.body.data.challengeId,
          response: key.assert(signInChallenge.body.data.options, ORIGIN),
        },
      },
    })
    expect(crossed.body).toMatchObject({ result: false, error: 'passkey_challenge_invalid' })
    // A malformed answer: 400, nothing stored.
    const malformed = await callPublic(t.app, 'passkeySignIn', {
      passkey: { challengeId: 'nope', response: { id: '!!', type: 'public-key' } },
    })
    expect(malformed.status).toBe(400)
    // Registration: a challenge of another customer, a replayed registration, a broken attestation.
    const other = await signUpVerified(t)
    const otherStart = await callUser(t.app, 'startPasskey', other.token, { currentPassword: other.password })
    const hijack = await callUser(t.app, 'addPasskey', customer.token, {
      challengeId: otherStart.body.data.challengeId,
      name: 'Not mine',
      response: stranger.register(otherStart.body.data.options, ORIGIN),
    })
    expect(hijack.body).toMatchObject({ result: false, error: 'passkey_challenge_invalid' })
    const broken = await callUser(t.app, 'startPasskey', other.token, { currentPassword: other.password })
    const registration = stranger.register(broken.body.data.options, ORIGIN) as { response: Record<string, string> }
    registration.response.attestationObject = 'AAAA'
    const refused = await callUser(t.app, 'addPasskey', other.token, {
      challengeId: broken.body.data.challengeId,
      name: 'Broken',
      response: registration,
    })
    expect(refused.body).toMatchObject({ result: false, error: 'passkey_invalid' })
    const noName = await callUser(t.app, 'addPasskey', other.token, {
      challengeId: broken.body.data.challengeId,
      name: '  ',
      response: stranger.register(broken.body.data.options, ORIGIN),
    })
    expect(noName.status).toBe(400)
    expect(await t.db.select().from(passkeys)).toHaveLength(before.length)
    const renameOthers = await callUser(t.app, 'renamePasskey', other.token, {
      passkeyId: before.find((row) => row.credentialId === key.credentialId)!.id,
      name: 'Mine now',
    })
    expect(renameOthers.body).toMatchObject({ result: false, error: 'passkey_not_found' })
    const challenges = await t.db.select().from(passkeyChallenges).where(eq(passkeyChallenges.purpose, 'register'))
    expect(challenges.length).toBeGreaterThan(0)
  })
})

describe('secrets', () => {
  it('never shows the app secret or the recovery codes in a log line, the status or an event', async () => {
    const customer = await signUpVerified(t)
    const { secret, recoveryCodes: codes } = await enrolTotp(customer)
    await callPublic(t.app, 'loginSecondFactor', { ticket: await ticketOf(customer), code: codes[2] })
    await callPublic(t.app, 'loginSecondFactor', { ticket: await ticketOf(customer), code: nextCode(secret) })
    const status = JSON.stringify((await callUser(t.app, 'secondFactorStatus', customer.token)).body)
    const id = await customerIdOf(customer.email)
    const events = JSON.stringify(await t.db.select().from(accountEvents).where(eq(accountEvents.customerId, id)))
    const everything = [logLines.join('\n'), status, events]
    expect(logLines.length).toBeGreaterThan(0)
    for (const text of everything) {
      expect(text).not.toContain(secret)
      for (const code of codes) {
        expect(text).not.toContain(code)
        expect(text).not.toContain(code.replace('-', ''))
      }
    }
    const [row] = await t.db
      .select()
      .from(totpFactors)
      .where(and(eq(totpFactors.customerId, id)))
    expect(row!.sealedSecret.split('.')).toHaveLength(3)
  })
})
