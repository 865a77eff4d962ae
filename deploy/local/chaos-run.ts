// The chaos run: customers through nginx to several api processes while one process at a time is killed with SIGKILL
// and started again, and (optionally) the database's connections are cut or its server restarted once. It reports
// what the customers saw and what the database holds: the only answers allowed besides the expected ones are 503s
// with Retry-After whose retry then succeeds; no order made twice, no payment lost, none paid or delivered twice, no
// process that died on its own. `npm run bench:chaos` runs the full version, deploy/test/balancer.test.ts a short one in CI.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import pg from 'pg'
import { chaosAppSettings } from './chaos-settings'
import { type CustomerTally, customerJourney, emptyTally } from './customer'
import { type Ledger, readLedger } from './ledger'
import { startTopology } from './topology'

/**
 * The database fault of the run, once: `restart` restarts the PostgreSQL server (a shared server's other users feel
 * it: only where the server is the run's own), `terminate` ends every connection to the run's database from the
 * server's side (pg_terminate_backend, what a restart does to the app), `none` leaves the database alone.
 */
export const DATABASE_FAULTS = ['none', 'terminate', 'restart'] as const
export type DatabaseFault = (typeof DATABASE_FAULTS)[number]

export interface ChaosOptions {
  /** A PostgreSQL server the run creates its database on (and drops it after). */
  serverUrl: string
  redisUrl: string
  customers: number
  appCount: number
  /** Customers arrive evenly over this many seconds. */
  arrivalSeconds: number
  /** After the first sign-up, the first kill comes after this many seconds, then one every `killEverySeconds`. */
  firstKillAfterSeconds: number
  killEverySeconds: number
  /** At most this many kills (the short version: 1); kills stop anyway when the customers are done. */
  maxKills: number
  databaseFault: DatabaseFault
  /** Seconds after the first sign-up. */
  databaseFaultAfterSeconds: number
  /** The command that restarts the PostgreSQL server, for `databaseFault: 'restart'`. */
  restartDatabaseCommand: string[]
  /** How long paid orders may take to be delivered after the last customer is done. */
  settleSeconds: number
  logDir: string
  log: (line: string) => void
}

export interface ChaosReport {
  options: Pick<ChaosOptions, 'customers' | 'appCount' | 'killEverySeconds' | 'databaseFault'>
  seconds: number
  /** Kills that came while customers were in their journeys. */
  kills: number
  databaseFaultDone: boolean
  /** Processes that exited without being killed by the run (e.g. on a lost database connection). */
  unexpectedExits: string[]
  tally: CustomerTally
  ledger: Ledger
  ok: boolean
}

const elapsed = (since: number) => ((performance.now() - since) / 1000).toFixed(1)

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const unexpectedExits: string[] = []
  const started = performance.now()
  const topology = await startTopology({
    serverUrl: options.serverUrl,
    redisUrl: options.redisUrl,
    appCount: options.appCount,
    settings: chaosAppSettings(),
    logDir: options.logDir,
    onUnexpectedExit: (app, code, signal) => {
      unexpectedExits.push(`${app.name} exited on its own (code ${code}, signal ${signal}) at ${elapsed(started)} s`)
      options.log(
        `${app.name} exited on its own (code ${code}, signal ${signal}); started again, as its supervisor would`,
      )
      // As Docker's restart policy does; counted as a failure all the same.
      void topology.restart(topology.apps.indexOf(app)).catch((error: unknown) => {
        unexpectedExits.push(`${app.name} did not start again: ${String(error)}`)
      })
    },
  })
  const db = new pg.Pool({ connectionString: topology.databaseUrl, max: 4 })
  // The run's own connection is cut with the others when the fault is `terminate`: that is not the app's failure.
  db.on('error', () => undefined)
  const tally = emptyTally()
  let kills = 0
  let databaseFaultDone = false
  try {
    options.log(`${options.appCount} api processes behind nginx at ${topology.url}, database ${topology.databaseName}`)
    let customersDone = false
    let firstSignUp: () => void = () => undefined
    const signedUp = new Promise<void>((resolve) => (firstSignUp = resolve))
    const runStarted = performance.now()
    // The faults' waits end early when the customers are done, so that the run does not wait on them.
    const wakers = new Set<() => void>()
    const pause = (seconds: number) =>
      new Promise<void>((resolve) => {
        if (customersDone) return resolve()
        const wake = () => {
          clearTimeout(timer)
          wakers.delete(wake)
          resolve()
        }
        const timer = setTimeout(wake, seconds * 1000)
        wakers.add(wake)
      })

    const journeys = Promise.all(
      Array.from({ length: options.customers }, async (_, n) => {
        await new Promise((resolve) => setTimeout(resolve, (n * options.arrivalSeconds * 1000) / options.customers))
        await customerJourney(topology.url, topology.ca, db, n, tally, { signedUp: firstSignUp })
      }),
    ).finally(() => {
      customersDone = true
      for (const wake of wakers) wake()
    })
    // Faults start from the first sign-up: customers are then in their journeys.
    const customersIn = Promise.race([signedUp, journeys])

    const killer = (async () => {
      await customersIn
      await pause(options.firstKillAfterSeconds)
      for (let victim = 0; !customersDone && kills < options.maxKills; victim = (victim + 1) % options.appCount) {
        // One process down at a time: the others serve (a process that died on its own is first started again).
        await topology.settled()
        if (customersDone) break
        const app = topology.apps[victim]!
        options.log(`${elapsed(runStarted)} s: SIGKILL ${app.name}`)
        await topology.kill(victim)
        kills += 1
        await topology.restart(victim)
        options.log(`${elapsed(runStarted)} s: ${app.name} answers again`)
        await pause(options.killEverySeconds)
      }
    })()

    const databaseFault = (async () => {
      if (options.databaseFault === 'none') return
      await customersIn
      await pause(options.databaseFaultAfterSeconds)
      if (customersDone) return
      if (options.databaseFault === 'terminate') {
        const ended = await topology.terminateDatabaseConnections()
        options.log(`${elapsed(runStarted)} s: ended ${ended} connections to ${topology.databaseName}`)
      } else {
        options.log(`${elapsed(runStarted)} s: restarting PostgreSQL: ${options.restartDatabaseCommand.join(' ')}`)
        await promisify(execFile)(options.restartDatabaseCommand[0]!, options.restartDatabaseCommand.slice(1))
        options.log(`${elapsed(runStarted)} s: PostgreSQL restarted`)
      }
      databaseFaultDone = true
    })()

    await journeys
    await Promise.all([killer, databaseFault])
    options.log(`${elapsed(runStarted)} s: customers done; ${tally.errors.length} saw an error`)

    // Paid orders the run cut short are bought and sent by the settlement retries; wait for them, bounded.
    const deadline = Date.now() + options.settleSeconds * 1000
    let ledger = await readLedger(db, tally.acknowledgedPayments, tally.answeredOrders)
    while (ledger.notDelivered.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      ledger = await readLedger(db, tally.acknowledgedPayments, tally.answeredOrders)
    }
    const ok =
      tally.errors.length === 0 &&
      ledger.ordersNotAnswered.length === 0 &&
      ledger.paymentsLost.length === 0 &&
      ledger.paidTwice.length === 0 &&
      ledger.deliveredTwice.length === 0 &&
      ledger.notDelivered.length === 0 &&
      unexpectedExits.length === 0
    return {
      options: {
        customers: options.customers,
        appCount: options.appCount,
        killEverySeconds: options.killEverySeconds,
        databaseFault: options.databaseFault,
      },
      seconds: (performance.now() - started) / 1000,
      kills,
      databaseFaultDone,
      unexpectedExits,
      tally,
      ledger,
      ok,
    }
  } finally {
    await db.end()
    await topology.stop()
  }
}

/** The report as the bench prints it and the CI test shows it when it fails. */
export function formatReport(report: ChaosReport): string {
  const { tally, ledger } = report
  const retried = [...tally.retried].map(([call, count]) => `${call} ${count}`).join(', ') || 'none'
  const list = (items: string[]) => items.slice(0, 10).map((item) => `\n    ${item}`)
  const lines = [
    `${report.options.customers} customers, ${report.options.appCount} api processes behind nginx, ` +
      `${report.kills} killed (SIGKILL) and started again, database fault: ${report.options.databaseFault}` +
      `${report.options.databaseFault !== 'none' && !report.databaseFaultDone ? ' (not reached)' : ''}; ${report.seconds.toFixed(0)} s`,
    `errors seen by customers: ${tally.errors.length}${list(tally.errors).join('')}`,
    `503 with Retry-After, retried: ${retried}; calls answered after their retries: ${tally.recoveredCalls}, ` +
      `of them with the first request's kept answer: ${tally.replayedCalls}`,
    `orders: ${ledger.orders}, paid: ${ledger.paidOrders}, delivered: ${ledger.completedOrders}; ` +
      `payments acknowledged: ${tally.acknowledgedPayments.length}`,
    `orders no customer was answered (made twice): ${ledger.ordersNotAnswered.length}${list(ledger.ordersNotAnswered).join('')}`,
    `payments lost: ${ledger.paymentsLost.length}${list(ledger.paymentsLost).join('')}`,
    `paid twice: ${ledger.paidTwice.length}${list(ledger.paidTwice).join('')}`,
    `delivered twice: ${ledger.deliveredTwice.length}${list(ledger.deliveredTwice).join('')}`,
    `paid, not delivered: ${ledger.notDelivered.length}${list(ledger.notDelivered).join('')}`,
    `processes that died on their own: ${report.unexpectedExits.length}${list(report.unexpectedExits).join('')}`,
  ]
  return lines.join('\n')
}
