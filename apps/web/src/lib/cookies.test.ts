import { describe, expect, it, vi } from 'vitest'
import {
  buildExpiredJwtCookie,
  buildJwtCookie,
  endStaleSession,
  expireJwtCookie,
  forgetSessionEnded,
  readJwtCookie,
  saveJwtCookie,
  sessionEnded,
  setTabToken,
} from './cookies'

const https = { protocol: 'https:', hostname: 'exchange.example' }
const localHttp = { protocol: 'http:', hostname: 'localhost' }
const NOW = Date.UTC(2025, 0, 1, 12, 0, 0)

const attributesOf = (cookie: string) => cookie.split('; ').slice(1)

describe('jwtToken cookie', () => {
  it('is Secure, SameSite=Strict and scoped to / on an https page', () => {
    const attributes = attributesOf(buildJwtCookie('t', { location: https, now: NOW }))
    expect(attributes).toContain('Secure')
    expect(attributes).toContain('SameSite=Strict')
    expect(attributes).toContain('path=/')
  })

  it('leaves Secure off only on plain http at localhost or 127.0.0.1', () => {
    expect(attributesOf(buildJwtCookie('t', { location: localHttp }))).not.toContain('Secure')
    expect(attributesOf(buildJwtCookie('t', { location: { protocol: 'http:', hostname: '127.0.0.1' } }))).not.toContain(
      'Secure',
    )
    expect(
      attributesOf(buildJwtCookie('t', { location: { protocol: 'http:', hostname: 'exchange.example' } })),
    ).toContain('Secure')
  })

  it('expires after the brand lifetime in hours', () => {
    const cookie = buildJwtCookie('t', { location: https, now: NOW, lifetimeHours: 6 })
    expect(cookie).toContain(`expires=${new Date(NOW + 6 * 3_600_000).toUTCString()}`)
  })

  it('lasts a day by default', () => {
    const cookie = buildJwtCookie('t', { location: https, now: NOW })
    expect(cookie).toContain(`expires=${new Date(NOW + 24 * 3_600_000).toUTCString()}`)
  })

  it('is named jwtToken and carries the token', () => {
    expect(buildJwtCookie('abc.def', { location: https }).startsWith('jwtToken=abc.def;')).toBe(true)
  })

  it('is expired in the past with the same path and SameSite', () => {
    const cookie = buildExpiredJwtCookie(https)
    expect(cookie).toContain('expires=Thu, 01 Jan 1970 00:00:00 GMT')
    expect(attributesOf(cookie)).toEqual(expect.arrayContaining(['path=/', 'SameSite=Strict', 'Secure']))
  })

  it('is readable after saving and gone after expiring', () => {
    saveJwtCookie('token-1', 24)
    expect(readJwtCookie()).toBe('token-1')
    expireJwtCookie()
    expect(readJwtCookie()).toBeNull()
  })

  it('is read from the browser once per task, and again in the next one', async () => {
    saveJwtCookie('token-2', 24)
    const cookieReads = vi.spyOn(document, 'cookie', 'get')
    expect([readJwtCookie(), readJwtCookie(), readJwtCookie()]).toEqual(['token-2', 'token-2', 'token-2'])
    expect(cookieReads).toHaveBeenCalledTimes(1)

    // Another tab signs out: this tab sees it once the running task is over.
    document.cookie = buildExpiredJwtCookie()
    await Promise.resolve()
    expect(readJwtCookie()).toBeNull()
    expect(cookieReads).toHaveBeenCalledTimes(2)
    cookieReads.mockRestore()
  })

  it("sees this tab's own sign-in and sign-out at once, within the same task", () => {
    expireJwtCookie()
    expect(readJwtCookie()).toBeNull()
    saveJwtCookie('token-3', 24)
    expect(readJwtCookie()).toBe('token-3')
    expireJwtCookie()
    expect(readJwtCookie()).toBeNull()
  })
})

describe('a session that ended by itself (decision 125)', () => {
  it('drops the cookie and is remembered for the login form until forgotten', () => {
    saveJwtCookie('token-1', 24)
    endStaleSession('token-1')
    expect(readJwtCookie()).toBeNull()
    expect(sessionEnded()).toBe(true)
    forgetSessionEnded()
    expect(sessionEnded()).toBe(false)
  })

  it('leaves a token that replaced the refused one alone', () => {
    saveJwtCookie('token-2', 24)
    endStaleSession('token-1')
    expect(readJwtCookie()).toBe('token-2')
    expect(sessionEnded()).toBe(false)
  })

  it('leaves a partner visit’s tab session to the partner mode', () => {
    setTabToken('visit-token')
    endStaleSession('visit-token')
    expect(readJwtCookie()).toBe('visit-token')
    expect(sessionEnded()).toBe(false)
    setTabToken(null)
  })
})
