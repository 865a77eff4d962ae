import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accountEvents, verificationCodes } from '../src/db/tables/modules/accounts'
import { customers } from '../src/db/tables/modules/customers'
import { COMPANY, callPublic, mailTo, uniqueEmail, useTestApp } from './support'

const t = useTestApp()

describe('homesignup', () => {
  it('stores the e-mail trimmed and lower-cased, an argon2id hash and the affiliate token, and mails a code', async () => {
    const email = uniqueEmail('Signup')
    const answer = await callPublic(t.app, 'homesignup', {
      email: `  ${email.toUpperCase()} `,
      password: 'secret1',
      token: 'PARTNER_7',
      companyDetails: COMPANY,
    })

    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ result: true })
    const [stored] = await t.db.select().from(customers).where(eq(customers.email, email.toLowerCase()))
    expect(stored?.affiliateToken).toBe('PARTNER_7')
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(stored?.passwordHash).not.toContain('secret1')
    expect(stored?.emailVerifiedAt).toBeNull()

    const [mail] = await mailTo(t.db, email.toLowerCase())
    expect(mail?.subject).toMatch(/^\d{5} is your Helvex verification code$/)
    expect(mail?.text).toContain('valid for 10 minutes')
  })

  it('keeps only a hash of the code, never the code itself', async () => {
    const email = uniqueEmail()
    await callPublic(t.app, 'homesignup', { email, password: 'secret1', token: 'DIRECT', companyDetails: COMPANY })
    const [mail] = await mailTo(t.db, email)
    const code = mail!.subject.slice(0, 5)
    const [row] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.email, email))
    expect(row?.purpose).toBe('verify_email')
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row?.codeHash).not.toContain(code)
  })

  it("answers 'user already exists' for a registered e-mail, in any case, and stores nothing new", async () => {
    const email = uniqueEmail()
    await callPublic(t.app, 'homesignup', { email, password: 'secret1', token: 'DIRECT', companyDetails: COMPANY })
    const again = await callPublic(t.app, 'homesignup', {
      email: email.toUpperCase(),
      password: 'other-secret',
      token: 'OTHER',
      companyDetails: COMPANY,
    })

    expect(again.body).toEqual({ result: false, error: 'user already exists' })
    const rows = await t.db.select().from(customers).where(eq(customers.email, email))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.affiliateToken).toBe('DIRECT')
    expect(await mailTo(t.db, email)).toHaveLength(1)
  })

  it('records the sign-up in the account trail', async () => {
    const email = uniqueEmail()
    await callPublic(t.app, 'homesignup', { email, password: 'secret1', token: 'DIRECT', companyDetails: COMPANY })
    const events = await t.db.select().from(accountEvents).where(eq(accountEvents.email, email))
    expect(events.map((event) => event.type)).toContain('signed_up')
  })

  it.each([
    [{ email: 'not-an-email', password: 'secret1' }, { email: 'E-mail must be valid' }],
    [{ email: '', password: 'secret1' }, { email: 'Email is required' }],
    [{ email: 'a@b.co', password: '12345' }, { password: 'Password must be at least 6 characters' }],
    [{ email: 'a@b.co', password: '' }, { password: 'Password is required' }],
    [{ email: 'a@b.co', password: 123456 }, { password: 'Password is required' }],
  ])('refuses %j with the field message and stores nothing', async (input, fields) => {
    const answer = await callPublic(t.app, 'homesignup', { token: 'DIRECT', companyDetails: COMPANY, ...input })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ result: false, error: 'validation_failed', fields })
    const stored = await t.db.select().from(customers).where(eq(customers.email, 'a@b.co'))
    expect(stored).toHaveLength(0)
  })
})
