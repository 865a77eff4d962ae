import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  codeExpiry,
  codeMatches,
  generateCode,
  hashCode,
  isCodeExhausted,
  isCodeExpired,
  resendWaitSeconds,
} from './codes'

const key = randomBytes(32)

describe('verification codes', () => {
  it('are five digits, leading zeros kept, and spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateCode)
    expect(codes.every((code) => /^\d{5}$/.test(code))).toBe(true)
    expect(new Set(codes).size).toBeGreaterThan(1900)
    expect(codes.some((code) => code.startsWith('0'))).toBe(true)
  })

  it('match only for the same e-mail, purpose and code', () => {
    const stored = hashCode(key, 'a@b.co', 'verify_email', '12345')
    expect(codeMatches(key, 'a@b.co', 'verify_email', '12345', stored)).toBe(true)
    expect(codeMatches(key, 'a@b.co', 'verify_email', '12346', stored)).toBe(false)
    expect(codeMatches(key, 'c@b.co', 'verify_email', '12345', stored)).toBe(false)
    expect(codeMatches(key, 'a@b.co', 'reset', '12345', stored)).toBe(false)
    expect(codeMatches(randomBytes(32), 'a@b.co', 'verify_email', '12345', stored)).toBe(false)
  })

  it('expire ten minutes after issue', () => {
    const issued = new Date('2026-01-01T10:00:00Z')
    const code = { expiresAt: codeExpiry(issued) }
    expect(isCodeExpired(code, new Date('2026-01-01T10:09:59Z'))).toBe(false)
    expect(isCodeExpired(code, new Date('2026-01-01T10:10:00Z'))).toBe(true)
  })

  it('are void after five wrong tries', () => {
    expect(isCodeExhausted({ attempts: 4 })).toBe(false)
    expect(isCodeExhausted({ attempts: 5 })).toBe(true)
  })

  it('may be sent again 30 seconds after the last one', () => {
    const last = new Date('2026-01-01T10:00:00Z')
    expect(resendWaitSeconds(undefined, last)).toBe(0)
    expect(resendWaitSeconds(last, new Date('2026-01-01T10:00:00.500Z'))).toBe(30)
    expect(resendWaitSeconds(last, new Date('2026-01-01T10:00:29Z'))).toBe(1)
    expect(resendWaitSeconds(last, new Date('2026-01-01T10:00:30Z'))).toBe(0)
  })
})
