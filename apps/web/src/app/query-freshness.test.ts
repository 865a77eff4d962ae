import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../lib/cookies'
import { journeyAnswer, owed } from '../test/journey-fixtures'
import { mockApi, ok } from '../test/mock-api'
import { walletsQueryOptions } from '../features/wallets/api/list-wallets'
import { journeyQueryOptions } from '../features/journey/api/get-journey-status'

const START = new Date('2026-03-02T08:00:00Z').getTime()

/** Asks the cache as a screen mounting at `msLater` does: from the answer it has if still fresh, else the api. */
async function askAt(cache: QueryClient, msLater: number, options: Parameters<QueryClient['fetchQuery']>[0]) {
  vi.setSystemTime(START + msLater)
  await cache.fetchQuery(options)
}

describe('how long an answer serves the screens mounting after it', () => {
  it('the checks still owed: 10 s (decision 063), then they are asked for again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    saveJwtCookie('token-1', 24)
    const api = mockApi({ journeyStatus: journeyAnswer([owed('identity')]) })
    const cache = new QueryClient()
    await askAt(cache, 0, journeyQueryOptions('Helvex'))
    await askAt(cache, 9_999, journeyQueryOptions('Helvex'))
    expect(api.callsTo('journeyStatus')).toHaveLength(1)
    await askAt(cache, 10_001, journeyQueryOptions('Helvex'))
    expect(api.callsTo('journeyStatus')).toHaveLength(2)
  })

  it('the proven wallets: a minute, then they are asked for again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    saveJwtCookie('token-1', 24)
    const api = mockApi({ walletList: ok({ data: [] }) })
    const cache = new QueryClient()
    await askAt(cache, 0, walletsQueryOptions('Helvex'))
    await askAt(cache, 59_999, walletsQueryOptions('Helvex'))
    expect(api.callsTo('walletList')).toHaveLength(1)
    await askAt(cache, 60_001, walletsQueryOptions('Helvex'))
    expect(api.callsTo('walletList')).toHaveLength(2)
  })
})
