import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { vi } from 'vitest'
import { Webhook } from 'standardwebhooks'

/** A notice as the partner's server got it. */
export interface ReceivedNotice {
  path: string
  headers: Record<string, string>
  body: string
}

/** What the receiver answers at a path: a status, or `hold` (no answer until the receiver closes). */
export type ReceiverAnswer = number | 'hold'

/**
 * A partner's server on 127.0.0.1 (port 0): records each notice, answers each path's scripted answers in turn (then
 * 200), and can hold an answer to play an endpoint that hangs.
 */
export async function startReceiver() {
  const received: ReceivedNotice[] = []
  const scripts = new Map<string, ReceiverAnswer[]>()
  const held: { path: string; response: ServerResponse }[] = []
  let mostHeld = new Map<string, number>()
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]))
      received.push({ path, headers, body: Buffer.concat(chunks).toString('utf8') })
      const answer = scripts.get(path)?.shift() ?? 200
      if (answer === 'hold') {
        held.push({ path, response })
        const now = held.filter((entry) => entry.path === path && !entry.response.closed).length
        mostHeld.set(path, Math.max(mostHeld.get(path) ?? 0, now))
        return
      }
      response.writeHead(answer, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    received,
    url: (path: string) => `${base}${path}`,
    /** The answers a path gives, in turn, before it answers 200. */
    script(path: string, answers: ReceiverAnswer[]) {
      scripts.set(path, [...answers])
    },
    at: (path: string) => received.filter((notice) => notice.path === path),
    /** Most answers held at once at a path since the last reset. */
    mostHeldAt: (path: string) => mostHeld.get(path) ?? 0,
    heldAt: (path: string) => held.filter((entry) => entry.path === path && !entry.response.closed).length,
    resetCounts() {
      mostHeld = new Map()
    },
    async close() {
      for (const { response } of held) response.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>

/**
 * Verifies a notice as a partner does, with the Standard Webhooks library and one secret, at the time the notice was
 * signed (the library refuses a timestamp five minutes off the clock; the test's clock is not the machine's).
 */
export function verifyNotice(secret: string, notice: ReceivedNotice): unknown {
  vi.useFakeTimers({ toFake: ['Date'], now: Number(notice.headers['webhook-timestamp']) * 1000 })
  try {
    return new Webhook(secret).verify(notice.body, notice.headers)
  } finally {
    vi.useRealTimers()
  }
}
