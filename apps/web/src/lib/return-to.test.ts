import { beforeEach, describe, expect, it } from 'vitest'
import { isSafeReturnPath, peekReturnTo, rememberReturnTo, takeReturnTo } from './return-to'

describe('return-to after a journey step', () => {
  beforeEach(() => window.sessionStorage.clear())

  it('keeps a dashboard path and gives it back once', () => {
    rememberReturnTo('/dashboard-history')
    expect(peekReturnTo()).toBe('/dashboard-history')
    expect(takeReturnTo()).toBe('/dashboard-history')
    expect(takeReturnTo()).toBeNull()
  })

  it.each([
    'https://evil.example/dashboard',
    '//evil.example',
    '/dashboard/../login',
    '/dashboard?next=//evil.example',
    '/login',
    'javascript:alert(1)',
    '/dashboard-sof#x',
    '',
  ])('refuses %j', (path) => {
    expect(isSafeReturnPath(path)).toBe(false)
    rememberReturnTo(path)
    expect(peekReturnTo()).toBeNull()
  })

  it('ignores a value tampered with in storage', () => {
    window.sessionStorage.setItem('returnTo', 'https://evil.example')
    expect(takeReturnTo()).toBeNull()
  })

  it('does not keep the step screen itself, so a step never sends the customer back to itself', () => {
    rememberReturnTo('/dashboard-sof', '/dashboard-sof')
    expect(peekReturnTo()).toBeNull()
  })

  it('keeps a partner visit’s screen as the screen it twins, and not a step’s own twin', () => {
    rememberReturnTo('/mp-viban')
    expect(takeReturnTo()).toBe('/dashboard-viban')
    rememberReturnTo('/mp-checkout')
    expect(takeReturnTo()).toBe('/dashboard')
    rememberReturnTo('/mp-sof', '/dashboard-sof')
    expect(peekReturnTo()).toBeNull()
    rememberReturnTo('/mp-x/../../login')
    expect(peekReturnTo()).toBeNull()
  })
})
