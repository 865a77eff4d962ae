import { vi } from 'vitest'

export interface MockAnswer {
  status?: number
  body: unknown
}

/** Per call name (`homesignup`, `getGross` …): the answer, or a function of the request body. */
export type ApiHandlers = Record<string, MockAnswer | ((body: Record<string, unknown>) => MockAnswer)>

interface RecordedCall {
  name: string
  url: string
  body: Record<string, unknown>
  headers: Record<string, string>
}

/**
 * Replaces fetch with a fake api that answers by call name; unknown calls throw like a dead network. `calls` are the
 * app's calls; the error log's reports (`logError`, decision 120), which a failed call also sends, are read with
 * `callsTo('logError')`.
 */
export function mockApi(handlers: ApiHandlers) {
  const all: RecordedCall[] = []
  const calls: RecordedCall[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const name = url.split('/').pop() ?? ''
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>
    const call = { name, url, body, headers: Object.fromEntries(new Headers(init?.headers).entries()) }
    all.push(call)
    if (name !== 'logError') calls.push(call)
    const handler = handlers[name]
    if (!handler) throw new TypeError(`Failed to fetch ${url}`)
    const answer = typeof handler === 'function' ? handler(body) : handler
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  vi.spyOn(console, 'error').mockImplementation(() => {})
  return { fetchMock, calls, callsTo: (name: string) => all.filter((call) => call.name === name) }
}

export const ok = (extra: Record<string, unknown> = {}): MockAnswer => ({ body: { result: true, ...extra } })
export const fail = (error: string, status = 200, extra: Record<string, unknown> = {}): MockAnswer => ({
  status,
  body: { result: false, error, ...extra },
})
