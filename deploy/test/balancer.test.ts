// The chaos run's short version (deploy/local/chaos-run.ts; `npm run bench:chaos` is the full one): a few customers
// through nginx to three built api processes on PostgreSQL and Redis, from sign-up to a delivered order, while one
// process is killed with SIGKILL and started again. Defined in CI's run when TEST_DATABASE_URL and TEST_REDIS_URL name
// the servers (vitest.config.ts); it needs nginx (.ci/run installs it) and the built server (npm test builds it).
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { formatReport, runChaos } from '../local/chaos-run'
import { REPO_ROOT } from '../local/topology'

const CUSTOMERS = 6
const logDir = join(REPO_ROOT, 'deploy', 'artifacts', 'balancer-test')

it('a process killed under load costs customers at most a retry after 503 and Retry-After: every payment is stored once and delivered once', async () => {
  rmSync(logDir, { recursive: true, force: true })
  const report = await runChaos({
    serverUrl: process.env.TEST_DATABASE_URL!,
    redisUrl: process.env.TEST_REDIS_URL!,
    customers: CUSTOMERS,
    appCount: 3,
    arrivalSeconds: 3,
    firstKillAfterSeconds: 2,
    killEverySeconds: 20,
    maxKills: 1,
    databaseFault: 'none',
    databaseFaultAfterSeconds: 0,
    restartDatabaseCommand: [],
    // A process killed mid-settlement leaves its order to the retry job: the run's hold on the order lapses after 120 s
    // and the job runs every 30 s, so delivery may follow the kill by up to about 150 s (decision 019).
    settleSeconds: 170,
    logDir,
    log: () => undefined,
  })
  const shown = `${formatReport(report)}\nprocess logs: deploy/artifacts/balancer-test/`
  // The fault came while customers were in their journeys.
  expect(report.kills, shown).toBe(1)
  expect(report.tally.errors, shown).toEqual([])
  expect(report.unexpectedExits, shown).toEqual([])
  expect(report.tally.acknowledgedPayments, shown).toHaveLength(CUSTOMERS)
  // A retried orderInitiateBuy carries its first request's Idempotency-Key: a first request that committed before its
  // process was killed answers the retry with its order, so there is one order per customer (decision 092).
  expect(report.ledger.orders, shown).toBe(CUSTOMERS)
  expect(report.ledger, shown).toMatchObject({
    ordersNotAnswered: [],
    paidOrders: CUSTOMERS,
    completedOrders: CUSTOMERS,
    paymentsLost: [],
    paidTwice: [],
    deliveredTwice: [],
    notDelivered: [],
  })
  expect(report.ok, shown).toBe(true)
}, 300_000)
