import { DEFAULT_BRAND } from '@exchange/shared/brand.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../lib/cookies'
import { ratesAnswer } from '../../test/fixtures'
import { mockApi, ok } from '../../test/mock-api'
import { firstCallsAt } from '../signed-in-routes'
import { createQueryClient } from './dashboard-root'

describe("the signed-in area's cache", () => {
  it('asks on /dashboard, at once, for exactly the calls the page sent for before its modules arrived', async () => {
    saveJwtCookie('token-1', 24)
    const api = mockApi({ getHpRates: ratesAnswer(), walletList: ok({ data: [] }) })
    const cache = createQueryClient(DEFAULT_BRAND.brandName, '/dashboard')
    await vi.waitFor(() => expect(cache.isFetching()).toBe(0))

    // The router sends these early (decision 060); the cache's first asks must be the same, or one is wasted.
    const early = firstCallsAt(WEB_PATHS.dashboard)
    const sentEarly = [
      ...(early?.public ?? []).map((name) => `/v1/public/${name}`),
      ...(early?.user ?? []).map((name) => `/v1/user/${name}`),
    ]
    expect(sentEarly).not.toEqual([])
    expect(api.calls.map((call) => new URL(call.url, 'http://localhost').pathname).sort()).toEqual(sentEarly.sort())
    expect(cache.getQueryState(['rates', DEFAULT_BRAND.brandName])?.status).toBe('success')
  })

  it('asks for nothing before a screen does on any other first address', async () => {
    saveJwtCookie('token-1', 24)
    const api = mockApi({})
    const cache = createQueryClient(DEFAULT_BRAND.brandName, '/dashboard-history')
    expect(cache.getQueryCache().getAll()).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(api.calls).toEqual([])
  })
})
