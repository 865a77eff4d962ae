import { describe, expect, it } from 'vitest'
import { SignUpRequest } from './accounts.schemas'
import { Email, Password, SignupToken, VerificationCode } from './validators'

function messageOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message
}

describe('Email', () => {
  it.each(['ann@example.com', 'a.b+c@mail.example.co.uk', 'x@y.ch'])('accepts %s', (email) => {
    expect(Email.safeParse(email).success).toBe(true)
  })

  it('trims and lower-cases', () => {
    expect(Email.parse('  Ann.Smith@Example.COM ')).toBe('ann.smith@example.com')
  })

  it("answers 'Email is required' when empty or blank", () => {
    expect(messageOf(Email.safeParse(''))).toBe('Email is required')
    expect(messageOf(Email.safeParse('   '))).toBe('Email is required')
    expect(messageOf(Email.safeParse(undefined))).toBe('Email is required')
  })

  it.each(['ann', 'ann@', 'ann@example', '@example.com', 'ann@example.', 'an n@example.com', 'ann@@example.com'])(
    "answers 'E-mail must be valid' for %s",
    (email) => {
      expect(messageOf(Email.safeParse(email))).toBe('E-mail must be valid')
    },
  )

  it('writes an international domain in ASCII, so both spellings are one address', () => {
    expect(Email.parse('Ann@Bücher.CH')).toBe('ann@xn--bcher-kva.ch')
    expect(Email.parse('ann@xn--bcher-kva.ch')).toBe('ann@xn--bcher-kva.ch')
  })

  it.each([
    'ann\u0000@example.com',
    'ann@exam\u0000ple.com',
    'a\u202enn@example.com',
    'ann\u200b@example.com',
    'ann\ud800@example.com',
  ])('refuses control, format and surrogate characters in %j', (email) => {
    expect(messageOf(Email.safeParse(email))).toBe(
      'E-mail contains invisible or control characters; please type it again',
    )
  })

  it.each(['ann@ｅxample.com', 'ann@pаypal.com', 'ann@аррӏе.com'])('refuses the look-alike domain of %s', (email) => {
    expect(messageOf(Email.safeParse(email))).toBe(
      'E-mail domain mixes alphabets or uses full-width letters; please type it plainly',
    )
  })

  it.each(['ann@exa_mple.com', 'ann@-example.com', 'ann@example..com'])('refuses the domain of %s', (email) => {
    expect(messageOf(Email.safeParse(email))).toBe('E-mail must be valid')
  })

  it('refuses an address longer than 254 characters', () => {
    expect(Email.safeParse(`${'a'.repeat(250)}@b.co`).success).toBe(false)
  })
})

describe('Password', () => {
  it("answers 'Password is required' when empty or missing", () => {
    expect(messageOf(Password.safeParse(''))).toBe('Password is required')
    expect(messageOf(Password.safeParse(undefined))).toBe('Password is required')
  })

  it("answers 'Password must be at least 6 characters' below six", () => {
    expect(messageOf(Password.safeParse('12345'))).toBe('Password must be at least 6 characters')
  })

  it('accepts six characters and keeps spaces as typed', () => {
    expect(Password.parse('123456')).toBe('123456')
    expect(Password.parse(' pass word ')).toBe(' pass word ')
  })

  it('refuses more than 128 characters', () => {
    expect(messageOf(Password.safeParse('x'.repeat(129)))).toBe('Password must be at most 128 characters')
  })
})

describe('VerificationCode', () => {
  it.each(['00000', '12345', '99999'])('accepts %s', (code) => {
    expect(VerificationCode.safeParse(code).success).toBe(true)
  })

  it.each(['1234', '123456', '1234a', ' 12345', '１２３４５', ''])('refuses %j', (code) => {
    expect(messageOf(VerificationCode.safeParse(code))).toBe('Code must be 5 digits')
  })
})

describe('SignupToken', () => {
  it.each(['DIRECT', 'partner_7', 'camp-2026.q4'])('accepts %s', (token) => {
    expect(SignupToken.safeParse(token).success).toBe(true)
  })

  it.each(['', 'a b', '<script>', 'x'.repeat(65)])('refuses %j', (token) => {
    expect(SignupToken.safeParse(token).success).toBe(false)
  })
})

describe('SignUpRequest', () => {
  it('needs the company details the e-mail-sending calls carry', () => {
    const result = SignUpRequest.safeParse({
      email: 'a@b.co',
      password: 'secret1',
      token: 'DIRECT',
      brandName: 'Helvex',
    })
    expect(result.success).toBe(false)
  })
})
