import { defineConfig } from 'vitest/config'

// Api tests run on embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL names a server;
// the shared rate-limit store is tested when TEST_REDIS_URL names a Redis server.
const postgresUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL

const apiProject = (name: string, include: string[], provide: { databaseUrl: string; redisUrl: string }) => ({
  test: {
    name,
    root: 'apps/api',
    include,
    pool: 'forks' as const,
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
      apiProject('api-pglite', ['src/**/*.test.ts', 'test/**/*.test.ts'], { databaseUrl: '', redisUrl: '' }),
      ...(postgresUrl
        ? [
            apiProject('api-postgres', ['test/**/*.test.ts', 'test-postgres/**/*.test.ts'], {
              databaseUrl: postgresUrl,
              redisUrl: '',
            }),
          ]
        : []),
      ...(redisUrl ? [apiProject('api-redis', ['test-redis/**/*.test.ts'], { databaseUrl: '', redisUrl })] : []),
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
