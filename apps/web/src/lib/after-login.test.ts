import { describe, expect, it } from 'vitest'
import { rememberAfterLogin, takeAfterLogin } from './after-login'

describe('the page to go to after login', () => {
  it('keeps a dashboard page naming its order, once', () => {
    rememberAfterLogin('/dashboard-wallets?order=ABCD234567')
    expect(takeAfterLogin()).toBe('/dashboard-wallets?order=ABCD234567')
    expect(takeAfterLogin()).toBe('/land')
  })

  it.each([
    'https://evil.example/dashboard',
    '//evil.example',
    '/login',
    '/dashboard-wallets?order=ABCD234567&next=https://evil.example',
    '/dashboard-wallets?redirect=x',
    'javascript:alert(1)',
  ])('never keeps %j', (path) => {
    rememberAfterLogin(path)
    expect(takeAfterLogin()).toBe('/land')
  })

  it('refuses a tampered stored value', () => {
    window.sessionStorage.setItem('afterLogin', 'https://evil.example')
    expect(takeAfterLogin()).toBe('/land')
  })
})
