import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { fail, mockApi, ok } from '../../../test/mock-api'
import { ratesQueryOptions } from './get-hp-rates'

describe('getHpRates', () => {
  it("logs 'fail rates!' when the rates call fails, and reports it to the error log", async () => {
    window.history.replaceState(null, '', '/dashboard')
    const api = mockApi({ getHpRates: fail('service_unavailable', 503), logError: ok() })
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const answer = await client.fetchQuery(ratesQueryOptions('Helvex'))
    expect(answer).toEqual({ result: false, error: 'service_unavailable' })
    expect(console.error).toHaveBeenCalledWith('fail rates!')
    expect(console.error).not.toHaveBeenCalledWith('fail db call!')
    await vi.waitFor(() => expect(api.callsTo('logError')).toHaveLength(1))
    const [report] = api.callsTo('logError')
    expect(report!.url).toBe('/v1/public/logError')
    expect(report!.body).toEqual({
      source: 'failed_call',
      message: 'fail rates!',
      call: 'getHpRates',
      path: '/dashboard',
    })
  })
})
