import { DEFAULT_BRAND } from '@exchange/shared/brand.schemas'
import { describe, expect, it } from 'vitest'
import { brandCheck, loginCheck, nextCodeCheck, okCheck, tokenCheck, ukStatusCheck } from './answer-checks'

const passes = (check: { safeParse(value: unknown): { success: boolean } }, value: unknown) =>
  check.safeParse(value).success

describe('plain answer checks of the account screens', () => {
  it('let through the answers of the contract', () => {
    expect(passes(okCheck, { result: true })).toBe(true)
    expect(passes(loginCheck, { result: true, code: true, retryAfterSeconds: 25 })).toBe(true)
    expect(passes(loginCheck, { result: true, data: { token: 'token-1' } })).toBe(true)
    expect(passes(tokenCheck, { result: true, data: { token: 'token-1' } })).toBe(true)
    expect(passes(nextCodeCheck, { result: true })).toBe(true)
    expect(passes(ukStatusCheck, { result: true, data: { isUk: false } })).toBe(true)
    expect(passes(brandCheck, { result: true, data: DEFAULT_BRAND })).toBe(true)
    expect(passes(okCheck, { result: false, error: 'code_invalid', retryAfterSeconds: 12 })).toBe(true)
  })

  it('refuse what is not one', () => {
    expect(passes(okCheck, null)).toBe(false)
    expect(passes(okCheck, [])).toBe(false)
    expect(passes(okCheck, { result: 'true' })).toBe(false)
    expect(passes(okCheck, { result: false })).toBe(false)
    expect(passes(okCheck, { result: false, error: 'code_invalid', retryAfterSeconds: -1 })).toBe(false)
    expect(passes(loginCheck, { result: true })).toBe(false)
    expect(passes(loginCheck, { result: true, code: true, retryAfterSeconds: 2.5 })).toBe(false)
    expect(passes(tokenCheck, { result: true, data: { token: '' } })).toBe(false)
    expect(passes(ukStatusCheck, { result: true, data: { isUk: 'yes' } })).toBe(false)
    expect(passes(brandCheck, { result: true, data: { ...DEFAULT_BRAND, brandColor: 'purple' } })).toBe(false)
    expect(passes(brandCheck, { result: true, data: { ...DEFAULT_BRAND, termsUrl: 'not a url' } })).toBe(false)
    expect(passes(brandCheck, { result: true, data: { ...DEFAULT_BRAND, logo: { kind: 'svg' } } })).toBe(false)
  })
})
