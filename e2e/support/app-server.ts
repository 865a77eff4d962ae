import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { OPERATOR, type Operator, SECOND_OPERATOR, enrolOperator } from './operator'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const artifacts = join(repoRoot, 'e2e', 'artifacts')

export interface AppServer {
  baseUrl: string
  /** The operator of every role made on the fresh install, as its first admin is (decision 127). */
  operator: Operator
  /** A second operator of every role, made the same way: approves what the first asks for (four eyes, decision 132). */
  secondOperator: Operator
  /** Stops the app with SIGTERM and removes its data folder; fails unless the app exits 0 (graceful shutdown). */
  stop(): Promise<void>
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

/** Wall time the app may take to start: on a busy shared 2-core machine the start (migrations on PGlite) can pass 30 s. */
const START_LIMIT_MS = 120_000

async function waitForHealth(url: string, child: ChildProcess, logName: string) {
  const deadline = Date.now() + START_LIMIT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}; see e2e/artifacts/${logName}`)
    try {
      const response = await fetch(`${url}/healthz`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the app did not become healthy in ${START_LIMIT_MS / 1000} s; see e2e/artifacts/${logName}`)
}

/** The steps the journeys about buying and paying skip (see global-setup.ts): the UK steps and the agreement. */
export const BUYING_JOURNEYS_SKIP_STEPS =
  'uk_risk_warning,uk_categorisation,uk_appropriateness,uk_cooling_off,agreement'

/**
 * The first admin of a fresh install, made as the README says (`npm run operator -- create-admin`) before the app
 * starts on its data folder, with every role; answers the login name and the password the tool printed once.
 */
function createFirstAdmin(dataDir: string, name = OPERATOR): { username: string; password: string } {
  const roles = ['support', 'compliance', 'finance'].flatMap((role) => ['--role', role])
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(repoRoot, 'apps', 'api', 'src', 'operator-cli.ts'),
      'create-admin',
      '--name',
      name,
      ...roles,
    ],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    },
  )
  const password = /^password: (\S+)$/m.exec(run.stdout)?.[1]
  if (run.status !== 0 || !password) throw new Error(`npm run operator failed: ${run.stderr || run.stdout}`)
  return { username: name, password }
}

/**
 * Starts the built app as `npm start` runs it, on embedded PGlite in a fresh data folder, with the dev outbox and
 * sandboxes, in test mode. `env` changes the journeys' defaults: a journey that moves the server clock or asks steps
 * the shared app skips starts an app of its own with this (its log is `e2e/artifacts/<logName>`).
 */
export async function startAppServer(
  options: { env?: Record<string, string>; logName?: string } = {},
): Promise<AppServer> {
  const server = join(repoRoot, 'apps', 'api', 'dist', 'server.js')
  if (!existsSync(server) || !existsSync(join(repoRoot, 'apps', 'web', 'dist', 'index.html'))) {
    throw new Error('The app is not built: run `npm run build` first (npm test does).')
  }
  mkdirSync(artifacts, { recursive: true })
  const logName = options.logName ?? 'server.log'
  const dataDir = mkdtempSync(join(tmpdir(), 'exchange-e2e-'))
  const port = await freePort()
  const admin = createFirstAdmin(dataDir)
  const secondAdmin = createFirstAdmin(dataDir, SECOND_OPERATOR)
  const log = openSync(join(artifacts, logName), 'w')
  const child = spawn(process.execPath, [server], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      // A test environment, not a deployment: the journeys read codes from /dev/outbox and click through the sandbox
      // pages, which NODE_ENV=production refuses (decision 020). The built bundle and JSON logs are the same.
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // Every journey comes from 127.0.0.1; the limits themselves are proven by the api tests.
      RATE_LIMIT_IP_PER_MINUTE: '10000',
      RATE_LIMIT_EMAIL_PER_15_MINUTES: '10000',
      // Payment methods per fiat that reach every branch of the routing rule (see the buy journeys).
      TRADING_FILE: join(repoRoot, 'e2e', 'fixtures', 'trading.json'),
      ...options.env,
    },
    stdio: ['ignore', log, log],
  })
  const baseUrl = `http://127.0.0.1:${port}`
  let operator: Operator
  let secondOperator: Operator
  try {
    await waitForHealth(baseUrl, child, logName)
    operator = { ...admin, key: await enrolOperator(baseUrl, admin) }
    secondOperator = { ...secondAdmin, key: await enrolOperator(baseUrl, secondAdmin) }
  } catch (error) {
    child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }

  return {
    baseUrl,
    operator,
    secondOperator,
    async stop() {
      child.kill('SIGTERM')
      const exitCode = await new Promise<number | null>((resolve) =>
        child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
      )
      rmSync(dataDir, { recursive: true, force: true })
      if (exitCode !== 0) throw new Error(`the app exited with ${exitCode} on SIGTERM; see e2e/artifacts/${logName}`)
    },
  }
}
