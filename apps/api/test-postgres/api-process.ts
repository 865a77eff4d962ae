import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { expect, vi } from 'vitest'
import { BRAND, brandFile } from '../test/support'

/** The real server, from source, as a process of its own: what a deployment runs, stopped and killed by signals. */
export interface ApiProcess {
  url: string
  pid: number
  /** Resolves when the process has ended, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  running(): boolean
  signal(signal: NodeJS.Signals): void
  /** What it wrote to stdout and stderr (JSON log lines, and anything a crash prints). */
  output(): string
  /** A public call, as a client makes it; answers the status, the Retry-After header and the body. */
  callPublic(name: string, payload: Record<string, unknown>): Promise<Answer>
  callUser(name: string, token: string, payload?: Record<string, unknown>): Promise<Answer>
  post(path: string, body: string, headers: Record<string, string>): Promise<Answer>
}

export interface Answer {
  status: number
  retryAfter: string | null
  body: unknown
}

/** Every process of a deployment shares these (sessions, sealed mail, documents, the bank's notices). */
export const DEPLOYMENT_SECRETS = {
  JWT_SECRET: 'processes-of-one-deployment-share-this-secret-0123',
  DOCUMENTS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  BANK_WEBHOOK_SECRET: 'processes-share-the-bank-webhook-secret-0123',
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/** `url` with every connection of the process named `name` in `pg_stat_activity`, so a test can tell them apart. */
export function namedConnections(url: string, name: string): string {
  const named = new URL(url)
  named.searchParams.set('application_name', name)
  return named.toString()
}

/**
 * Starts `src/server.ts` under tsx with only the settings given here (nothing leaks in from the test's environment)
 * and waits until it is ready. A start from source can take most of a minute on a busy machine.
 */
export async function startApiProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort()
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('../src/server.ts', import.meta.url))],
    {
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DEV_OUTBOX: 'true',
        WEB_DIST_DIR: '/nonexistent-web-dist',
        RATE_LIMIT_IP_PER_MINUTE: '10000',
        RATE_LIMIT_EMAIL_PER_15_MINUTES: '1000',
        // The test apps' brand (UK steps by residence, visitors in Switzerland): one deployment, one brand.
        BRAND_FILE: brandFile({ ukCheckMode: 'residence' }),
        GEOIP_PROVIDER: 'sandbox',
        SANDBOX_GEOIP_COUNTRY: 'CH',
        ...DEPLOYMENT_SECRETS,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const url = `http://127.0.0.1:${port}`
  const request = async (path: string, body: string, headers: Record<string, string>): Promise<Answer> => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    })
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() }
  }
  const process_: ApiProcess = {
    url,
    pid: child.pid ?? -1,
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
    signal: (signal) => void child.kill(signal),
    output: () => output,
    callPublic: (name, payload) => request(`/v1/public/${name}`, JSON.stringify({ brandName: BRAND, ...payload }), {}),
    callUser: (name, token, payload = {}) =>
      request(`/v1/user/${name}`, JSON.stringify({ brandName: BRAND, ...payload }), {
        authorization: `Bearer ${token}`,
      }),
    post: request,
  }
  try {
    const ended = await vi.waitFor(
      async () => {
        if (!process_.running()) return true
        expect((await fetch(`${url}/readyz`).catch(() => undefined))?.status).toBe(200)
        return false
      },
      { timeout: 120_000, interval: 200 },
    )
    if (ended) throw new Error(`the api process exited while starting:\n${output}`)
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  return process_
}
