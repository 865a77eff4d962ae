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

  describe('the Idempotency-Key of a customer action (decision 092)', () => {
    const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    const keysOf = (calls: { headers: Record<string, string> }[]) =>
      calls.map((call) => call.headers['idempotency-key'])

    it('sends the same key again when the same body is sent again after no answer, and a new one after a success', async () => {
      let network = false
      const api = mockApi({ homesignup: () => (network ? ok() : fail('service_unavailable', 503)) })
      const body = { email: 'ada@example.com', password: 'secret1' }
      await postPublic('homesignup', body, LogoutAnswer, { action: 'sign-up-retry' })
      network = true
      await postPublic('homesignup', body, LogoutAnswer, { action: 'sign-up-retry' })
      await postPublic('homesignup', body, LogoutAnswer, { action: 'sign-up-retry' })
      const [first, retry, next] = keysOf(api.calls)
      expect(first).toMatch(KEY)
      expect(retry).toBe(first)
      expect(next).toMatch(KEY)
      expect(next).not.toBe(first)
    })

    it('keeps the key when the network failed, and makes a new one for another body', async () => {
      const api = mockApi({})
      saveJwtCookie('token-xyz', 1)
      const order = { amount: '250', assetId: 'btc_eur', wallet: '' }
      await expect(postUser('orderInitiateBuy', order, LogoutAnswer, { action: 'buy-network' })).rejects.toThrow()
      await expect(postUser('orderInitiateBuy', order, LogoutAnswer, { action: 'buy-network' })).rejects.toThrow()
      await expect(
        postUser('orderInitiateBuy', { ...order, amount: '300' }, LogoutAnswer, { action: 'buy-network' }),
      ).rejects.toThrow()
      const [first, retry, other] = keysOf(api.calls)
      expect(retry).toBe(first)
      expect(other).toMatch(KEY)
      expect(other).not.toBe(first)
    })

    it('sends no key on a call that is no action', async () => {
      const api = mockApi({ logout: ok() })
      await postPublic('logout', { brandName: 'Helvex' }, LogoutAnswer)
      expect(keysOf(api.calls)).toEqual([undefined])
    })
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
