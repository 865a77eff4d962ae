import { LogoutAnswer } from '@exchange/shared/accounts.schemas'
import { GetBrandAnswer } from '@exchange/shared/brand.schemas'
import { describe, expect, it, vi } from 'vitest'
import { freezeClock } from '../test/frozen-clock'
import { fail, mockApi, ok } from '../test/mock-api'
import { ApiRequestError, postPublic, postUser, sendCallsEarly } from './api-client'
import { saveJwtCookie } from './cookies'

describe('api client', () => {
  it('sends JSON with same-origin credentials to /v1/public/{name}', async () => {
    const api = mockApi({ logout: ok() })
    await postPublic('logout', { brandName: 'Helvex' }, LogoutAnswer)
    const init = api.fetchMock.mock.calls[0]?.[1]
    expect(api.calls[0]?.url).toBe('/v1/public/logout')
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' })
    expect(api.calls[0]?.headers['content-type']).toBe('application/json')
  })

  it('reads the failure answer whatever the HTTP status', async () => {
    mockApi({ logout: fail('unauthorized', 401) })
    await expect(postPublic('logout', {}, LogoutAnswer)).resolves.toEqual({ result: false, error: 'unauthorized' })
  })

  it('logs "fail db call!" when an answer is a failure', async () => {
    mockApi({ logout: fail('rate_limited', 429, { retryAfterSeconds: 10 }) })
    await postPublic('logout', {}, LogoutAnswer)
    expect(console.error).toHaveBeenCalledWith('fail db call!')
  })

  it('throws when the network fails', async () => {
    mockApi({})
    await expect(postPublic('getBrand', {}, GetBrandAnswer)).rejects.toBeInstanceOf(ApiRequestError)
  })

  it('throws when the body is not an answer of the contract', async () => {
    mockApi({ getBrand: { status: 502, body: { message: 'Bad gateway' } } })
    await expect(postPublic('getBrand', {}, GetBrandAnswer)).rejects.toBeInstanceOf(ApiRequestError)
  })

  it('does nothing and answers false for a user call without a token', async () => {
    const api = mockApi({ logout: ok() })
    await expect(postUser('logout', { brandName: 'Helvex' }, LogoutAnswer)).resolves.toBe(false)
    expect(api.fetchMock).not.toHaveBeenCalled()
  })

  it('sends the jwtToken cookie as a Bearer header on user calls', async () => {
    const api = mockApi({ logout: ok() })
    saveJwtCookie('token-xyz', 1)
    await postUser('logout', { brandName: 'Helvex' }, LogoutAnswer)
    expect(api.calls[0]?.url).toBe('/v1/user/logout')
    expect(api.calls[0]?.headers.authorization).toBe('Bearer token-xyz')
  })

  it('logs the call-specific message given for a failed user call', async () => {
    mockApi({ logout: fail('unauthorized', 401) })
    saveJwtCookie('token-xyz', 1)
    await postUser('logout', {}, LogoutAnswer, { failLog: 'fail db gross!' })
    expect(vi.mocked(console.error)).toHaveBeenCalledWith('fail db gross!')
  })

  describe('calls sent early (decision 060)', () => {
    it('answers the same call with the answer sent for early, once, without asking again', async () => {
      const api = mockApi({ logout: ok() })
      saveJwtCookie('token-xyz', 1)
      sendCallsEarly({ user: ['logout'] }, { brandName: 'Helvex' })
      expect(api.callsTo('logout')).toHaveLength(1)
      await expect(postUser('logout', { brandName: 'Helvex' }, LogoutAnswer)).resolves.toEqual({ result: true })
      expect(api.callsTo('logout')).toHaveLength(1)
      await postUser('logout', { brandName: 'Helvex' }, LogoutAnswer)
      expect(api.callsTo('logout')).toHaveLength(2)
    })

    it('asks again when the session token changed since the early call', async () => {
      const api = mockApi({ logout: ok() })
      saveJwtCookie('token-before', 1)
      sendCallsEarly({ user: ['logout'] }, { brandName: 'Helvex' })
      saveJwtCookie('token-after', 1)
      await postUser('logout', { brandName: 'Helvex' }, LogoutAnswer)
      expect(api.callsTo('logout').map((call) => call.headers.authorization)).toEqual([
        'Bearer token-before',
        'Bearer token-after',
      ])
    })

    it('asks again when the early answer waited more than 15 s to be read', async () => {
      freezeClock(new Date('2026-11-25T10:00:00Z'))
      const api = mockApi({ getBrand: ok() })
      sendCallsEarly({ public: ['getBrand'] }, { brandName: 'Helvex' })
      vi.advanceTimersByTime(15_001)
      await postPublic('getBrand', { brandName: 'Helvex' }, LogoutAnswer)
      expect(api.callsTo('getBrand')).toHaveLength(2)
    })

    it('sends no user call without a session token', () => {
      const api = mockApi({ logout: ok() })
      sendCallsEarly({ user: ['logout'] }, { brandName: 'Helvex' })
      expect(api.fetchMock).not.toHaveBeenCalled()
    })
  })
})
