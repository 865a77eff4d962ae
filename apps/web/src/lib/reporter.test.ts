import { ERROR_LOG_LIMITS } from '@exchange/shared/constants'
import { LogErrorRequest } from '@exchange/shared/error-log.schemas'
import { describe, expect, it, vi } from 'vitest'
import { mockApi, ok } from '../test/mock-api'
import { saveJwtCookie } from './cookies'
import { reportError } from './report-error'
import { LIMITS } from './reporter'

const reportsOf = (api: ReturnType<typeof mockApi>) => api.callsTo('logError')

describe('the error reporter', () => {
  it('cuts a report to what the api takes, with the session token when there is one', async () => {
    window.history.replaceState(null, '', '/dashboard-history')
    saveJwtCookie('token-xyz', 1)
    const api = mockApi({ logError: ok() })
    const error = new Error(`boom \u0001${'x'.repeat(600)}`)
    reportError('render', error)
    await vi.waitFor(() => expect(reportsOf(api)).toHaveLength(1))
    const [report] = reportsOf(api)
    expect(report!.headers.authorization).toBe('Bearer token-xyz')
    expect(LogErrorRequest.safeParse(report!.body).success).toBe(true)
    expect(report!.body).toMatchObject({ source: 'render', path: '/dashboard-history' })
    expect((report!.body.message as string).startsWith('boom  xxx')).toBe(true)
    expect(report!.body.message).toHaveLength(ERROR_LOG_LIMITS.message)
    expect(report!.body.stack).toEqual(expect.stringContaining('boom'))
  })

  it("reports the window's uncaught errors and unhandled rejections", async () => {
    const api = mockApi({ logError: ok() })
    // Without a report, the reporter is only loaded: it sends nothing, and listens from then on.
    reportError()
    await import('./reporter')
    await vi.dynamicImportSettled()
    expect(api.fetchMock).not.toHaveBeenCalled()
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('uncaught one'), message: 'uncaught one' }))
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown }
    rejection.reason = new Error('rejected one')
    window.dispatchEvent(rejection)
    await vi.waitFor(() => expect(reportsOf(api)).toHaveLength(2))
    expect(reportsOf(api).map((call) => [call.body.source, call.body.message])).toEqual([
      ['error', 'uncaught one'],
      ['unhandledrejection', 'rejected one'],
    ])
  })

  it('sends the same report once a minute and ten in all; a report that fails is not reported, nor thrown', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2030-01-01T00:00:00Z') })
    const api = mockApi({})
    for (let n = 0; n < 3; n++) reportError('render', new Error('same'))
    for (let n = 0; n < 20; n++) reportError('render', new Error(`other ${n}`))
    await vi.waitFor(() => expect(reportsOf(api)).toHaveLength(10))
    await vi.dynamicImportSettled()
    // Every send failed (no such call): none was reported in turn.
    expect(reportsOf(api)).toHaveLength(10)
    expect(reportsOf(api).filter((call) => call.body.message === 'same')).toHaveLength(1)

    vi.setSystemTime(Date.parse('2030-01-01T00:01:01Z'))
    reportError('render', new Error('same'))
    await vi.waitFor(() => expect(reportsOf(api)).toHaveLength(11))
  })

  it("holds the api's limits", () => {
    expect(LIMITS).toEqual({
      message: ERROR_LOG_LIMITS.message,
      stack: ERROR_LOG_LIMITS.stack,
      path: ERROR_LOG_LIMITS.path,
    })
  })
})
