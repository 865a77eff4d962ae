import { describe, expect, it } from 'vitest'
import { LoginRequest } from './accounts.schemas'
import {
  checkEmail,
  checkLoginPassword,
  checkNewPassword,
  isVerificationCode,
  signupTokenOf,
  type RuleResult,
} from './account-rules'
import { Email, Password, SignupToken, VerificationCode } from './validators'

/** What a schema makes of a value, in the rules' terms. */
function viaSchema(schema: { safeParse(value: unknown): { success: boolean; data?: unknown; error?: unknown } }) {
  return (value: string): RuleResult => {
    const parsed = schema.safeParse(value) as
      { success: true; data: string } | { success: false; error: { issues: { message: string }[] } }
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: parsed.error.issues[0]!.message }
  }
}

const EMAILS = [
  '',
  '   ',
  'ann@example.com',
  '  Ann.Smith@Example.COM ',
  'a.b+c@mail.example.co.uk',
  'ann',
  'ann@',
  'ann@example',
  '@example.com',
  'ann@example.',
  'an n@example.com',
  'ann@@example.com',
  'Ann@Bücher.CH',
  'ann@xn--bcher-kva.ch',
  'ann\u0000@example.com',
  'a\u202enn@example.com',
  'ann\u200b@example.com',
  'ann@ｅxample.com',
  'ann@exаmple.com',
  'ann@-example.com',
  'ann@exa_mple.com',
  `${'a'.repeat(250)}@example.com`,
  `ann@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(50)}.com`,
  `ann@${'ü'.repeat(60)}.${'ü'.repeat(60)}.${'ü'.repeat(60)}.ch`,
]

const PASSWORDS = ['', ' ', '12345', '123456', 'secret1', 'x'.repeat(128), 'x'.repeat(129)]

describe('account rules give what the api schemas give', () => {
  it.each(EMAILS.map((email) => [JSON.stringify(email), email]))('e-mail %s', (_, email) => {
    expect(checkEmail(email)).toEqual(viaSchema(Email)(email))
  })

  it.each(PASSWORDS.map((password) => [password.length, password]))('new password of %i characters', (_, password) => {
    expect(checkNewPassword(password)).toEqual(viaSchema(Password)(password))
  })

  it.each(PASSWORDS.map((password) => [password.length, password]))(
    'login password of %i characters',
    (_, password) => {
      expect(checkLoginPassword(password)).toEqual(viaSchema(LoginRequest.shape.password)(password))
    },
  )

  it.each(['12345', '1234', '123456', '12a45', ' 12345', '١٢٣٤٥'])('code %s', (code) => {
    expect(isVerificationCode(code)).toBe(VerificationCode.safeParse(code).success)
  })

  it.each(['partner-1', ' partner.2 ', '', 'a b', 'x'.repeat(64), 'x'.repeat(65), 'tok<en>'])(
    'signup token %s',
    (token) => {
      const parsed = SignupToken.safeParse(token)
      expect(signupTokenOf(token)).toBe(parsed.success ? parsed.data : null)
    },
  )
})
