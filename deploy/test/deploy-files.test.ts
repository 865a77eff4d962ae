// deploy/ cannot run here (no container engine): these tests read its files as Docker and compose would, check that
// every setting reaches the api's config, and run what can run without containers (the image's health check, nginx
// with deploy/nginx.conf in front of a stand-in api).
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { type IncomingHttpHeaders, createServer } from 'node:http'
import { request } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { CONFIG_VARIABLES, loadConfig } from '../../apps/api/src/config/config'
import {
  NGINX_BIN,
  NGINX_CONF,
  REPO_ROOT,
  type RenderedProxy,
  checkProxyConfig,
  freePort,
  makeCertificate,
  renderProxyConfig,
} from '../local/topology'

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8')

interface Service {
  image?: string
  build?: { context: string; dockerfile: string }
  environment?: Record<string, string>
  env_file?: string
  ports?: string[]
  depends_on?: Record<string, { condition: string }>
  volumes?: string[]
}
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, Service> }
const appServices = Object.entries(compose.services).filter(([, service]) => service.build?.dockerfile)

/** A compose value with `${NAME:?message}` and `${NAME:-default}` resolved from `given`, as compose resolves them. */
function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_m, name: string, kind?: string, rest = '') => {
    if (given[name] !== undefined) return given[name]
    if (kind === '-') return rest
    throw new Error(`compose needs ${name}: ${rest}`)
  })
}

/** deploy/app.env.example as compose reads an env file: NAME=value lines, comments and blank lines ignored. */
function envFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^\w+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  )
}

/** The image's instructions, continuation lines joined, as `[instruction, arguments]` per stage. */
function dockerStages(text: string): [string, string][][] {
  const stages: [string, string][][] = []
  for (const line of text.replace(/\\\n\s*/g, ' ').split('\n')) {
    const match = line.match(/^([A-Z]+)\s+(.*)$/)
    if (!match) continue
    if (match[1] === 'FROM') stages.push([])
    stages.at(-1)?.push([match[1]!, match[2]!])
  }
  return stages
}

describe('deploy/compose.yaml', () => {
  it('runs PostgreSQL, Redis, nginx and two or more api processes built from deploy/Dockerfile, only nginx published', () => {
    expect(appServices.length).toBeGreaterThanOrEqual(2)
    expect(compose.services.postgres?.image).toMatch(/^postgres:/)
    expect(compose.services.redis?.image).toMatch(/^redis:/)
    const proxy = compose.services.proxy!
    expect(proxy.image).toMatch(/^nginx:/)
    expect(proxy.ports).toContain('443:443')
    expect(proxy.volumes).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro')
    for (const [name, service] of appServices) {
      expect(service.build, name).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' })
      expect(service.ports, `${name} publishes no port: only nginx reaches it`).toBeUndefined()
      // nginx resolves its upstreams when it starts: it waits for every api process.
      expect(proxy.depends_on?.[name]?.condition).toBe('service_healthy')
    }
    const upstreams = [...read('deploy/nginx.conf').matchAll(/^\s*server (app-\d+):3000\b/gm)].map((m) => m[1])
    expect(upstreams.sort()).toEqual(appServices.map(([name]) => name).sort())
  })

  it('sets only variables that apps/api/src/config.ts reads, in the api processes and in app.env.example', () => {
    const known = new Set<string>(CONFIG_VARIABLES)
    const set = [
      ...appServices.flatMap(([, service]) => Object.keys(service.environment ?? {})),
      ...Object.keys(envFile(read('deploy/app.env.example'))),
    ]
    expect(set.length).toBeGreaterThan(10)
    expect(set.filter((name) => !known.has(name))).toEqual([])
    // The check sees a variable config.ts does not read.
    expect(known.has('TRUST_PROXY_HOP')).toBe(false)
  })

  it('gives every api process a configuration the api starts with: production, PostgreSQL, Redis, one trusted proxy', () => {
    const given = {
      POSTGRES_PASSWORD: 'a-database-password',
      JWT_SECRET: 'j'.repeat(48),
      DOCUMENTS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      PUBLIC_URL: 'https://exchange.example',
    }
    for (const [name, service] of appServices) {
      expect(service.env_file, name).toBe('app.env')
      const environment = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value), given)]),
      )
      const config = loadConfig({ ...envFile(read('deploy/app.env.example')), ...environment })
      expect(config).toMatchObject({
        env: 'production',
        port: 3000,
        databaseUrl: 'postgres://helvex:a-database-password@postgres:5432/helvex',
        redisUrl: 'redis://redis:6379',
        trustProxyHops: 1,
        publicUrl: 'https://exchange.example',
        testControls: false,
        apiDocs: false,
      })
      expect(config.smtp).toBeDefined()
    }
    expect(() => interpolate(String(appServices[0]![1].environment!.JWT_SECRET), {})).toThrow(/JWT_SECRET/)
  })
})

describe('deploy/Dockerfile', () => {
  const stages = dockerStages(read('deploy/Dockerfile'))
  const final = stages.at(-1)!
  const argument = (instruction: string) => final.findLast(([name]) => name === instruction)?.[1]

  it('installs the runtime dependencies only in the image it runs, and runs as a user other than root', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2)
    expect(final.filter(([name, args]) => name === 'RUN' && /\bnpm ci\b.*--omit=dev/.test(args))).toHaveLength(1)
    expect(final.some(([name, args]) => name === 'RUN' && /\bnpm ci\b(?!.*--omit=dev)/.test(args))).toBe(false)
    const user = argument('USER')
    expect(user).toBeDefined()
    expect(user).not.toMatch(/^(root|0)(:|$)/)
    // The user is set before the command: nothing after it switches back.
    expect(final.findIndex(([name]) => name === 'USER')).toBeLessThan(final.findIndex(([name]) => name === 'CMD'))
  })

  it('starts the built server as the README and `npm start` do', () => {
    const command = (JSON.parse(argument('CMD')!) as string[]).join(' ')
    expect(command).toBe('node apps/api/dist/server.js')
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start!
    expect(start.split('&&').at(-1)!.trim()).toBe(command)
    expect(read('README.md')).toContain(`\`${command}\``)
  })

  it('has a health check that passes while /healthz answers 200 and fails when it answers 503 or nothing listens', async () => {
    const healthCheck = argument('HEALTHCHECK')!
    const command = JSON.parse(healthCheck.slice(healthCheck.indexOf('CMD') + 3).trim()) as string[]
    let status = 200
    const api = createServer((req, res) => res.writeHead(req.url === '/healthz' ? status : 404).end())
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
    const port = (api.address() as { port: number }).port
    // Docker's --timeout bounds the check; so does this.
    const check = (onPort: number) =>
      promisify(execFile)(command[0]!, command.slice(1), {
        env: { ...process.env, PORT: String(onPort) },
        timeout: 10_000,
      }).then(
        () => 'healthy',
        () => 'unhealthy',
      )
    try {
      expect(await check(port)).toBe('healthy')
      status = 503
      expect(await check(port)).toBe('unhealthy')
    } finally {
      await new Promise((resolve) => api.close(resolve))
    }
    expect(await check(port)).toBe('unhealthy')
  })
})

describe('deploy/nginx.conf', () => {
  let runDir: string
  let proxy: RenderedProxy
  let nginx: ChildProcess | undefined
  /** What the stand-in api was sent, per request. */
  const seen: IncomingHttpHeaders[] = []
  const standIn = createServer((req, res) => {
    seen.push(req.headers)
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":true}')
  })

  beforeAll(async () => {
    runDir = mkdtempSync(join(tmpdir(), 'helvex-proxy-test-'))
    for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(runDir, kind))
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve))
    proxy = {
      httpPort: await freePort(),
      httpsPort: await freePort(),
      // app-1 is the stand-in; app-2 and app-3 are down (nothing listens on their ports).
      upstreamPorts: [(standIn.address() as { port: number }).port, await freePort(), await freePort()],
      ...makeCertificate(runDir),
      runDir,
      logDir: runDir,
    }
  })

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT')
      await new Promise((resolve) => nginx!.once('exit', resolve))
    }
    await new Promise((resolve) => standIn.close(resolve))
    rmSync(runDir, { recursive: true, force: true })
  })

  it('is valid for nginx (nginx -t on the rendered copy), and the check refuses a broken one', () => {
    const file = join(runDir, 'nginx.conf')
    writeFileSync(file, renderProxyConfig(read('deploy/nginx.conf'), proxy))
    expect(checkProxyConfig(file, runDir)).toBeUndefined()
    const broken = join(runDir, 'broken.conf')
    writeFileSync(
      broken,
      readFileSync(file, 'utf8').replace('proxy_pass http://helvex_api;', 'proxy_pass http://nowhere;'),
    )
    expect(checkProxyConfig(broken, runDir)).toMatch(/host not found in upstream "nowhere"/)
  })

  it('renders only a file that still has every line it replaces', () => {
    const template = readFileSync(NGINX_CONF, 'utf8')
    expect(() => renderProxyConfig(template.replace(/^\s*listen 443 ssl;$/m, ''), proxy)).toThrow(/listen 443/)
    expect(() => renderProxyConfig(template, { ...proxy, upstreamPorts: [1, 2, 3, 4] })).toThrow(/names 3 app/)
  })

  it('tells the api the address it saw and https, whatever the caller claims; plain http leads to https', async () => {
    const file = join(runDir, 'nginx.conf')
    nginx = spawn(NGINX_BIN, ['-p', runDir, '-c', file, '-g', 'daemon off;'], { stdio: 'ignore' })
    const ca = readFileSync(proxy.certificate)
    const call = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const req = request(
          `https://127.0.0.1:${proxy.httpsPort}${path}`,
          {
            method: 'POST',
            ca,
            localAddress: '127.0.4.2',
            headers: { 'content-type': 'application/json', ...headers },
          },
          (res) => {
            let body = ''
            res.on('data', (chunk: Buffer) => (body += chunk.toString()))
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
          },
        )
        req.once('error', reject)
        req.end('{}')
      })
    // nginx listens once its plain port answers.
    for (let tries = 0; ; tries += 1) {
      const answer = await fetch(`http://127.0.0.1:${proxy.httpPort}/login`, { redirect: 'manual' }).catch(
        () => undefined,
      )
      if (answer) {
        expect(answer.status).toBe(301)
        expect(answer.headers.get('location')).toBe(`https://127.0.0.1/login`)
        break
      }
      if (tries > 100) throw new Error('nginx did not start')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }

    // Three calls: whichever process nginx tries first, the two that are down are passed over.
    for (let n = 0; n < 3; n += 1) {
      const answer = await call('/v1/public/getHpRates', {
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-proto': 'http',
      })
      expect(answer).toMatchObject({ status: 200, body: '{"result":true}' })
    }
    expect(seen).toHaveLength(3)
    for (const headers of seen) {
      expect(headers['x-forwarded-for']).toBe('127.0.4.2')
      expect(headers['x-forwarded-proto']).toBe('https')
      expect(headers.host).toBe('127.0.0.1')
    }
  })

  it('answers 503 with Retry-After, as the api does, when no process can take the call', async () => {
    await new Promise((resolve) => standIn.close(resolve))
    const ca = readFileSync(proxy.certificate)
    const answer = await new Promise<{ status: number; retryAfter: unknown; body: string }>((resolve, reject) => {
      const req = request(
        `https://127.0.0.1:${proxy.httpsPort}/v1/public/getHpRates`,
        { method: 'POST', ca, headers: { 'content-type': 'application/json' } },
        (res) => {
          let body = ''
          res.on('data', (chunk: Buffer) => (body += chunk.toString()))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body }))
        },
      )
      req.once('error', reject)
      req.end('{}')
    })
    expect(answer).toEqual({
      status: 503,
      retryAfter: '2',
      body: JSON.stringify({ result: false, error: 'service_unavailable', retryAfterSeconds: 2 }),
    })
  })
})
