import { type Server, type Socket, connect, createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { type TestApp, buildTestApp, signUpVerified } from '../test/support'
import { type ApiProcess, DEPLOYMENT_SECRETS, startApiProcess } from './api-process'

/**
 * A stand-in for the network path to PostgreSQL that the test can cut: while it is down, connections in place are
 * reset and new ones refused, as a restarting or unreachable server does to its clients.
 */
async function databasePath(target: URL) {
  const sockets = new Set<Socket>()
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('error', () => {})
      socket.on('close', () => {
        sockets.delete(socket)
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || !address) throw new Error('no address')
  const url = new URL(target)
  url.host = `127.0.0.1:${address.port}`
  return {
    url: url.toString(),
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      })
    },
    restore: () => new Promise<void>((resolve) => server.listen(address.port, '127.0.0.1', resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('an api process whose database cannot be reached for a while (decision 073)', () => {
  let t: TestApp
  let path: Awaited<ReturnType<typeof databasePath>>
  let api: ApiProcess | undefined
  beforeAll(async () => {
    expect(inject('databaseUrl')).not.toBe('')
    t = await buildTestApp({ env: DEPLOYMENT_SECRETS })
    // The process runs on the real clock: the test's sessions are made at the same time.
    t.clock.set(new Date())
    path = await databasePath(new URL(t.databaseUrl!))
    api = await startApiProcess(path.url, { JOBS_ENABLED: 'true' })
  }, 180_000)
  afterAll(async () => {
    api?.signal('SIGKILL')
    await path?.close().catch(() => {})
    await t?.close()
  })

  const probe = async (url: string) => {
    const response = await fetch(url)
    return { status: response.status, retryAfter: response.headers.get('retry-after') }
  }
  const occurrences = (text: string, part: string) => text.split(part).length - 1

  it('answers 503 with Retry-After and is not ready while alive, tries again with growing waits, and recovers', async () => {
    const server = api!
    const customer = await signUpVerified(t)
    expect((await server.callUser('getGross', customer.token)).status).toBe(200)

    await path.cut()
    const during = async () => ({
      call: await server.callUser('getGross', customer.token),
      ready: await probe(`${server.url}/readyz`),
      alive: await probe(`${server.url}/livez`),
    })
    await vi.waitFor(
      async () =>
        expect(await during()).toEqual({
          call: {
            status: 503,
            retryAfter: '15',
            body: { result: false, error: 'service_unavailable', retryAfterSeconds: 15 },
          },
          ready: { status: 503, retryAfter: '15' },
          alive: { status: 200, retryAfter: null },
        }),
      { timeout: 30_000, interval: 100 },
    )
    // The outage lasts until the change feed has failed to listen again three times and a job worker has backed off:
    // each keeps trying, with growing waits, and the process stays.
    await vi.waitFor(
      () => {
        expect(occurrences(server.output(), 'could not listen; trying again')).toBeGreaterThanOrEqual(3)
        expect(server.output()).toContain('job worker cannot reach the database')
      },
      { timeout: 60_000, interval: 100 },
    )
    expect(server.running()).toBe(true)
    expect((await during()).call.status).toBe(503)

    await path.restore()
    await vi.waitFor(async () => expect((await probe(`${server.url}/readyz`)).status).toBe(200), {
      timeout: 30_000,
      interval: 100,
    })
    expect((await server.callUser('getGross', customer.token)).status).toBe(200)
    expect(server.output()).not.toMatch(/Unhandled|uncaught|node:events/i)
    server.signal('SIGTERM')
    expect(await server.exited).toEqual({ code: 0, signal: null })
  }, 240_000)
})
