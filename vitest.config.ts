import { defineConfig } from 'vitest/config'

// Api tests run on embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL names a server.
const postgresUrl = process.env.TEST_DATABASE_URL

const apiProject = (name: string, databaseUrl: string) => ({
  test: {
    name,
    root: 'apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks' as const,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    provide: { databaseUrl },
  },
})

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      apiProject('api-pglite', ''),
      ...(postgresUrl ? [apiProject('api-postgres', postgresUrl)] : []),
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
