import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../lib/cookies'
import { journeyAnswer, owed } from '../test/journey-fixtures'
import { mockApi, ok } from '../test/mock-api'
import { walletsQueryOptions } from '../features/wallets/api/list-wallets'
import { journeyQueryOptions } from '../features/journey/api/get-journey-status'

const START = new Date('2026-03-02T08:00:00Z').getTime()

/** Asks the cache as a screen mounting at `msLater` does: from the answer it has if still fresh, else the api. */
async function askAt(cache: QueryClient, msLater: number, ask: (cache: QueryClient) => Promise<unknown>) {
  vi.setSystemTime(START + msLater)
  await ask(cache)
}

describe('how long an answer serves the screens mounting after it', () => {
  it.each([
    {
      what: 'the checks still owed (decision 063)',
      call: 'journeyStatus',
      answer: () => journeyAnswer([owed('identity')]),
      ask: (cache: QueryClient) => cache.fetchQuery(journeyQueryOptions('Helvex')),
      freshMs: 10_000,
    },
    {
      what: 'the proven wallets',
      call: 'walletList',
      answer: () => ok({ data: [] }),
      ask: (cache: QueryClient) => cache.fetchQuery(walletsQueryOptions('Helvex')),
      freshMs: 60_000,
    },
  ])('$what: $freshMs ms, then they are asked for again', async ({ call, answer, ask, freshMs }) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    saveJwtCookie('token-1', 24)
    const api = mockApi({ [call]: answer() })
    const cache = new QueryClient()
    await askAt(cache, 0, ask)
    await askAt(cache, freshMs - 1, ask)
    expect(api.callsTo(call)).toHaveLength(1)
    await askAt(cache, freshMs + 1, ask)
    expect(api.callsTo(call)).toHaveLength(2)
  })
})
