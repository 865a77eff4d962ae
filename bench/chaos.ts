// `npm run bench:chaos`: deploy/compose.yaml's topology on this machine (nginx in front of three built api processes,
// PostgreSQL, Redis), 200 customers from sign-up to a paid and delivered order while one api process is killed with
// SIGKILL every 20 s (counted from the moment the one before answers again, so that the others always serve) and
// started again, and the PostgreSQL server is restarted once. Prints what the customers saw and
// what the database holds, and fails unless every payment is there exactly once (deploy/local/chaos-run.ts).
//
// The server restart is for a PostgreSQL server of the run's own: on a shared server set CHAOS_DATABASE_FAULT=terminate
// (the run's connections are cut with pg_terminate_backend) or none. Settings, all optional:
//   TEST_DATABASE_URL   the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test)
//   TEST_REDIS_URL      Redis (default redis://127.0.0.1:6379)
//   CHAOS_CUSTOMERS (200), CHAOS_ARRIVAL_SECONDS (60), CHAOS_KILL_EVERY_SECONDS (20), CHAOS_APPS (3)
//   CHAOS_DATABASE_FAULT  restart (default), terminate or none; CHAOS_DATABASE_FAULT_AFTER_SECONDS (30, after the first sign-up)
//   CHAOS_DATABASE_RESTART_COMMAND  default: pg_ctlcluster <version> <cluster> restart of the first cluster pg_lsclusters lists
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { DATABASE_FAULTS, type DatabaseFault, formatReport, runChaos } from '../deploy/local/chaos-run'
import { REPO_ROOT } from '../deploy/local/topology'

function databaseFault(): DatabaseFault {
  const fault = process.env.CHAOS_DATABASE_FAULT ?? 'restart'
  if (!(DATABASE_FAULTS as readonly string[]).includes(fault))
    throw new Error(`CHAOS_DATABASE_FAULT: expected one of ${DATABASE_FAULTS.join(', ')}`)
  return fault as DatabaseFault
}

/** The local cluster's restart, as Debian's PostgreSQL packages name it. */
function restartCommand(): string[] {
  if (process.env.CHAOS_DATABASE_RESTART_COMMAND) return process.env.CHAOS_DATABASE_RESTART_COMMAND.split(' ')
  const [version, cluster] = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).trim().split(/\s+/)
  return ['pg_ctlcluster', '--skip-systemctl-redirect', version!, cluster!, 'restart']
}

const count = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name}: expected a whole number above 0`)
  return value
}

async function main() {
  const fault = databaseFault()
  const logDir = join(REPO_ROOT, 'deploy', 'artifacts', 'chaos')
  rmSync(logDir, { recursive: true, force: true })
  const report = await runChaos({
    serverUrl: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    customers: count('CHAOS_CUSTOMERS', 200),
    appCount: count('CHAOS_APPS', 3),
    arrivalSeconds: count('CHAOS_ARRIVAL_SECONDS', 60),
    firstKillAfterSeconds: count('CHAOS_KILL_EVERY_SECONDS', 20),
    killEverySeconds: count('CHAOS_KILL_EVERY_SECONDS', 20),
    maxKills: Number.POSITIVE_INFINITY,
    databaseFault: fault,
    databaseFaultAfterSeconds: count('CHAOS_DATABASE_FAULT_AFTER_SECONDS', 30),
    restartDatabaseCommand: fault === 'restart' ? restartCommand() : [],
    settleSeconds: 300,
    logDir,
    log: (line) => console.log(line),
  })
  console.log(`\n${formatReport(report)}\n\nprocess logs: deploy/artifacts/chaos/`)
  process.exitCode = report.ok ? 0 : 1
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
