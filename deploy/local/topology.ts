// deploy/compose.yaml's topology on this machine, without containers: deploy/nginx.conf (rendered with local ports, a
// throwaway certificate and the app processes' addresses) in front of N built api processes on one fresh PostgreSQL
// database and Redis. The chaos run (chaos-run.ts) drives it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const NGINX_CONF = join(REPO_ROOT, 'deploy', 'nginx.conf')
/** The built server, as the image runs it (deploy/Dockerfile's CMD). */
const SERVER_ENTRY = join(REPO_ROOT, 'apps', 'api', 'dist', 'server.js')
export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx'

/** Wall time a process may take to answer /healthz after its start, on a busy shared machine. */
const START_LIMIT_MS = 120_000

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

export interface RenderedProxy {
  httpPort: number
  httpsPort: number
  upstreamPorts: number[]
  certificate: string
  key: string
  /** Folder of nginx's pid and temporary files. */
  runDir: string
  /** Folder of its error and access logs. */
  logDir: string
}

/**
 * deploy/nginx.conf as this machine runs it: every line that names a place of the container (pid, logs, ports,
 * certificate, the app-N upstreams) is replaced, nothing else. Fails when a line it expects is gone, so that the
 * local run never drifts from the deployed file unnoticed.
 */
export function renderProxyConfig(template: string, proxy: RenderedProxy): string {
  let upstreams = 0
  const replacements: [RegExp, (match: string, ...groups: string[]) => string, string][] = [
    [/^pid .*;$/m, () => `pid ${join(proxy.runDir, 'nginx.pid')};`, 'pid'],
    [/^error_log .*;$/m, () => `error_log ${join(proxy.logDir, 'nginx-error.log')} warn;`, 'error_log'],
    [
      /^(\s*)access_log .*;$/m,
      (_m, indent) =>
        [
          `${indent}access_log ${join(proxy.logDir, 'nginx-access.log')};`,
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
            (kind) => `${indent}${kind}_temp_path ${join(proxy.runDir, kind)};`,
          ),
        ].join('\n'),
      'access_log',
    ],
    [/^(\s*)listen 80;$/m, (_m, indent) => `${indent}listen 127.0.0.1:${proxy.httpPort};`, 'listen 80'],
    [/^(\s*)listen 443 ssl;$/m, (_m, indent) => `${indent}listen 127.0.0.1:${proxy.httpsPort} ssl;`, 'listen 443'],
    [/^(\s*)ssl_certificate .*;$/m, (_m, indent) => `${indent}ssl_certificate ${proxy.certificate};`, 'certificate'],
    [/^(\s*)ssl_certificate_key .*;$/m, (_m, indent) => `${indent}ssl_certificate_key ${proxy.key};`, 'key'],
  ]
  let rendered = template
  for (const [pattern, replace, name] of replacements) {
    if (!pattern.test(rendered)) throw new Error(`deploy/nginx.conf: no ${name} line to render`)
    rendered = rendered.replace(pattern, replace)
  }
  rendered = rendered.replace(/^(\s*)server app-(\d+):3000( .*)?;$/gm, (_m, indent: string, n: string, rest = '') => {
    upstreams += 1
    const port = proxy.upstreamPorts[Number(n) - 1]
    return port === undefined ? '' : `${indent}server 127.0.0.1:${port}${rest};`
  })
  if (upstreams < proxy.upstreamPorts.length)
    throw new Error(
      `deploy/nginx.conf names ${upstreams} app processes, the run asks for ${proxy.upstreamPorts.length}`,
    )
  return rendered
}

/** A self-signed certificate for 127.0.0.1 and localhost, as the customers' clients trust it (and nothing else). */
export function makeCertificate(dir: string): { certificate: string; key: string } {
  const certificate = join(dir, 'fullchain.pem')
  const key = join(dir, 'privkey.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'ignore' },
  )
  return { certificate, key }
}

/** `nginx -t` on a rendered file: answers nginx's complaint, or undefined when the file is valid. */
export function checkProxyConfig(file: string, runDir: string): string | undefined {
  try {
    execFileSync(NGINX_BIN, ['-t', '-q', '-p', runDir, '-c', file], { stdio: ['ignore', 'pipe', 'pipe'] })
    return undefined
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? ''
    return stderr || String(error)
  }
}

interface AppProcess {
  name: string
  port: number
  child: ChildProcess
  /** Set before the harness kills it, so that its exit is not counted as a process that died on its own. */
  killedOnPurpose: boolean
  exited: Promise<number | null>
}

export interface TopologyOptions {
  /** A PostgreSQL server the run may create and drop a database on (e.g. postgres://postgres@127.0.0.1:5432/test). */
  serverUrl: string
  redisUrl: string
  appCount: number
  /** The app processes' settings besides the topology's own (chaos-settings.ts). */
  settings: Record<string, string>
  /** Folder of the processes' logs (one file per process, appended across restarts). */
  logDir: string
  /** Called when a process exits without being killed by the run (e.g. on a lost database connection). */
  onUnexpectedExit: (app: AppProcess, code: number | null, signal: NodeJS.Signals | null) => void
}

export interface Topology {
  /** The proxy's https address, the only one customers call. */
  url: string
  /** The proxy's certificate, which customers' clients trust. */
  ca: Buffer
  databaseUrl: string
  databaseName: string
  apps: AppProcess[]
  /** SIGKILL, as an out-of-memory kill or a lost machine ends a process: no shutdown, nothing finished. */
  kill(index: number): Promise<void>
  /** Starts the process again on its port and waits until it answers /healthz. */
  restart(index: number): Promise<void>
  /** Waits for every start in progress: then each process answers (or its start failed). */
  settled(): Promise<void>
  /** Ends every connection to the run's database from the server's side (pg_terminate_backend). */
  terminateDatabaseConnections(): Promise<number>
  stop(): Promise<void>
}

async function admin<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

async function waitUntil(what: string, probe: () => Promise<boolean>, failed: () => string | undefined) {
  const deadline = Date.now() + START_LIMIT_MS
  for (;;) {
    const failure = failed()
    if (failure) throw new Error(`${what}: ${failure}`)
    if (await probe().catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`${what}: not ready after ${START_LIMIT_MS / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const isRunning = (app: AppProcess) => app.child.exitCode === null && app.child.signalCode === null

const healthy = (port: number) => async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok

export async function startTopology(options: TopologyOptions): Promise<Topology> {
  if (!existsSync(SERVER_ENTRY)) throw new Error('The api is not built: run `npm run build` first (npm test does).')
  if (!existsSync(NGINX_BIN))
    throw new Error(`nginx is not installed at ${NGINX_BIN}: apt-get install nginx (.ci/run installs it in CI)`)
  mkdirSync(options.logDir, { recursive: true })
  const databaseName = `chaos_${randomBytes(6).toString('hex')}`
  await admin(options.serverUrl, (client) => client.query(`CREATE DATABASE ${databaseName}`))
  const databaseUrl = new URL(options.serverUrl)
  databaseUrl.pathname = `/${databaseName}`
  const runDir = mkdtempSync(join(tmpdir(), 'helvex-chaos-'))
  const apps: AppProcess[] = []
  let nginx: ChildProcess | undefined
  let stopping = false

  // The settings deploy/compose.yaml gives every process, with this run's addresses and secrets.
  const shared = {
    ...options.settings,
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: options.redisUrl,
    TRUST_PROXY_HOPS: '1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DOCUMENTS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  }

  function spawnApp(name: string, port: number): AppProcess {
    const log = openSync(join(options.logDir, `${name}.log`), 'a')
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, ...shared, PORT: String(port) },
      stdio: ['ignore', log, log],
    })
    const app: AppProcess = {
      name,
      port,
      child,
      killedOnPurpose: false,
      exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    }
    child.once('exit', (code, signal) => {
      if (!app.killedOnPurpose && !stopping) options.onUnexpectedExit(app, code, signal)
    })
    return app
  }

  /** Starts in progress, per process: a kill waits for the start before it, so that two never share a port. */
  const starting = new Map<number, Promise<void>>()

  async function startApp(index: number, port: number) {
    const app = spawnApp(`app-${index + 1}`, port)
    apps[index] = app
    await waitUntil(`${app.name} (log: ${join(options.logDir, `${app.name}.log`)})`, healthy(port), () =>
      app.child.exitCode !== null ? `exited with ${app.child.exitCode}` : undefined,
    )
  }

  async function stop() {
    stopping = true
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT')
      await new Promise((resolve) => nginx!.once('exit', resolve))
    }
    await Promise.all(
      apps.map(async (app) => {
        if (isRunning(app)) app.child.kill('SIGTERM')
        await app.exited
      }),
    )
    await admin(options.serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`))
    rmSync(runDir, { recursive: true, force: true })
  }

  try {
    const ports = await Promise.all(Array.from({ length: options.appCount }, () => freePort()))
    // The first process applies the migrations alone, as in deploy/compose.yaml; the others start once it is healthy.
    await startApp(0, ports[0]!)
    await Promise.all(ports.slice(1).map((port, n) => startApp(n + 1, port)))

    const { certificate, key } = makeCertificate(runDir)
    const proxy: RenderedProxy = {
      httpPort: await freePort(),
      httpsPort: await freePort(),
      upstreamPorts: ports,
      certificate,
      key,
      runDir,
      logDir: options.logDir,
    }
    for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(runDir, kind))
    const conf = join(runDir, 'nginx.conf')
    writeFileSync(conf, renderProxyConfig(readFileSync(NGINX_CONF, 'utf8'), proxy))
    const invalid = checkProxyConfig(conf, runDir)
    if (invalid) throw new Error(`nginx -t refuses the rendered deploy/nginx.conf: ${invalid}`)
    nginx = spawn(NGINX_BIN, ['-p', runDir, '-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' })
    const url = `https://127.0.0.1:${proxy.httpsPort}`
    const ca = readFileSync(certificate)
    await waitUntil(
      'nginx',
      async () => {
        // The proxy's plain port only leads to https; its answer says nginx listens.
        const answer = await fetch(`http://127.0.0.1:${proxy.httpPort}/healthz`, { redirect: 'manual' })
        return answer.status === 301
      },
      () =>
        nginx!.exitCode !== null ? `exited with ${nginx!.exitCode}; see ${options.logDir}/nginx-error.log` : undefined,
    )

    return {
      url,
      ca,
      databaseUrl: databaseUrl.toString(),
      databaseName,
      apps,
      async kill(index) {
        await starting.get(index)?.catch(() => undefined)
        const app = apps[index]!
        app.killedOnPurpose = true
        app.child.kill('SIGKILL')
        await app.exited
      },
      restart(index) {
        const started = (starting.get(index) ?? Promise.resolve())
          .catch(() => undefined)
          // Another start of it may have come first (its supervisor's, the run's): one process per port.
          .then(() => (isRunning(apps[index]!) ? undefined : startApp(index, apps[index]!.port)))
        starting.set(index, started)
        return started
      },
      async settled() {
        await Promise.all([...starting.values()].map((start) => start.catch(() => undefined)))
      },
      terminateDatabaseConnections: () =>
        admin(options.serverUrl, async (client) => {
          const { rowCount } = await client.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [databaseName],
          )
          return rowCount ?? 0
        }),
      stop,
    }
  } catch (error) {
    await stop().catch(() => undefined)
    throw error
  }
}
