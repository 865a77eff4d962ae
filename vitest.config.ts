import { existsSync } from 'node:fs'
import { defineConfig } from 'vitest/config'

// Api journeys run on PostgreSQL when TEST_DATABASE_URL names a server (PGlite then keeps EMBEDDED_JOURNEYS), else on
// embedded PGlite;
// the shared rate-limit store is tested when TEST_REDIS_URL names a Redis server.
const postgresUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL

/**
 * The api journeys that prove the embedded default (decision 054): start and health, migrations, the job queue and a
 * lost database, the account and its kept answers (PGlite hands changes over its own way, decision 058), a buy
 * from order to delivery with each kind of payment, and a partner's customer's way in and out. With PostgreSQL given,
 * the production path, every journey runs there and PGlite (about three times slower per journey) runs these and the
 * unit tests; without it, every journey runs on PGlite.
 */
const EMBEDDED_JOURNEYS = [
  'platform',
  // Revocations reach every process at once on both databases (decision 121).
  'account-security',
  'database-outage',
  'job-queue',
  'signup',
  'verify-code',
  'login',
  'sessions',
  'gross-kept',
  'orders',
  'settlement',
  'card-payments',
  'bank-payments',
  'documents',
  'partner-api',
  'partner-entry',
  'partner-webhooks',
].map((name) => `test/${name}.test.ts`)
const missing = EMBEDDED_JOURNEYS.filter((file) => !existsSync(`apps/api/${file}`))
if (missing.length > 0) throw new Error(`EMBEDDED_JOURNEYS names files that do not exist: ${missing.join(', ')}`)

const apiProject = (name: string, include: string[], provide: { databaseUrl: string; redisUrl: string }) => ({
  test: {
    name,
    root: 'apps/api',
    include,
    pool: 'forks' as const,
    // The files of a worker share one module graph instead of importing the app afresh each (decision 056): every file
    // builds its own apps on its own databases, and none mocks a module or leaves a fake timer or global behind.
    isolate: false,
    // Generous limits: a test app on a fresh database takes seconds on a loaded two-core machine; no test waits on them.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    provide,
    // One migrated database per run, copied for every test app (PGlite dump or PostgreSQL template).
    globalSetup: ['./test/global-setup.ts'],
  },
})

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker (cores less one). Most api tests wait on a database server, the e2e
    // journeys on Chromium and the app: three workers keep both cores busy (measured 1.4× faster on a loaded machine).
    maxWorkers: 3,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      apiProject('api-pglite', ['src/**/*.test.ts', ...(postgresUrl ? EMBEDDED_JOURNEYS : ['test/**/*.test.ts'])], {
        databaseUrl: '',
        redisUrl: '',
      }),
      ...(postgresUrl
        ? [
            apiProject('api-postgres', ['test/**/*.test.ts', 'test-postgres/**/*.test.ts'], {
              databaseUrl: postgresUrl,
              redisUrl: '',
            }),
          ]
        : []),
      ...(redisUrl ? [apiProject('api-redis', ['test-redis/**/*.test.ts'], { databaseUrl: '', redisUrl })] : []),
      {
        // deploy/: its files as Docker, compose and nginx read them; with PostgreSQL and Redis given, the chaos run's
        // short version through nginx (after `npm run build`).
        test: {
          name: 'deploy',
          root: 'deploy',
          include: ['test/deploy-files.test.ts', ...(postgresUrl && redisUrl ? ['test/balancer.test.ts'] : [])],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['journeys/**/*.e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          globalSetup: ['./global-setup.ts'],
        },
      },
    ],
  },
})
