import { type SQL, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import PgBoss from 'pg-boss'
import type { DatabaseHandle } from '../db/client'
import { isDatabaseUnavailable } from '../db/errors'
import { backoff } from '../db/postgres-connections'

/** A database or an open transaction of it: a job sent through a transaction exists only if that transaction commits. */
export interface SqlExecutor {
  execute(query: SQL): Promise<unknown>
}

export interface JobDefinition {
  name: string
  /** A recurring job: one run per period across every process on the database. */
  everySeconds?: number
  /** Further attempts after a failure (0 for recurring jobs: the next period runs anyway). */
  retryLimit: number
  /** Wait before the first retry; it doubles with each further one. */
  retryDelaySeconds: number
  /** Longest a run may take. A run past it, or one whose process died, is failed and retried by another process. */
  timeoutSeconds: number
  /** How often an idle worker looks for new jobs. */
  pollSeconds: number
  /** `job.id` stays the same across the retries of one job: a handler can key its idempotency on it. */
  run(data: unknown, job: { id: string }): Promise<unknown>
}

export interface JobQueue {
  define(job: JobDefinition): void
  /** Creates the queue's tables (first start) and the queues; before anything is sent. */
  start(): Promise<void>
  /** Stores a job; with `executor` a transaction, inside it. */
  send(name: string, data: object, executor?: SqlExecutor): Promise<void>
  /** Runs the stored jobs of one queue that are due, in this process, until none is left; answers how many ran. */
  runPending(name: string): Promise<number>
  /** Sends one job of a recurring queue now and runs the due jobs of that queue in this process (tests, by hand). */
  runNow(name: string): Promise<number>
  /** Starts this process's workers and the recurring jobs' ticks; the recurring ones run once first. */
  startWorkers(): Promise<void>
  /** Takes no new job, lets running ones finish (at most `timeoutMs`), then stops. */
  stop(timeoutMs?: number): Promise<void>
}

const SCHEMA = 'pgboss'
/** Longest wait of a worker that cannot reach the database before it tries again (it starts at its poll period). */
const UNREACHABLE_MAX_WAIT_MS = 15_000
/** Tries to record a finished run's outcome while the database is unreachable (about 13 s of growing waits). */
const RECORD_TRIES = 7
/** How far back a job sent to run now dates its start (`dueNow`). */
const DUE_NOW_BACKDATE_MS = 60_000

/**
 * A job to run at once is dated a minute back: pg-boss fetches a job only once its start is before the database's
 * now(), which PGlite reads to the millisecond (a fetch in the same millisecond as the send finds nothing), and
 * the app's and the database's clocks may differ a little.
 */
const dueNow = () => ({ startAfter: new Date(Date.now() - DUE_NOW_BACKDATE_MS) })

/**
 * The durable job queue (pg-boss on the application's database, PGlite or PostgreSQL; decision 024). A job is
 * claimed by one process at a time (`FOR UPDATE SKIP LOCKED`); a claim that outlives its timeout, e.g. because its
 * process died, is failed and retried elsewhere, so every handler is idempotent: delivery is at least once.
 * Recurring jobs are sent by every process into the slot of their period (`singletonSeconds`); the unique slot keeps
 * one job per period, which one process runs.
 */
export function createJobQueue(options: {
  database: DatabaseHandle
  log: FastifyBaseLogger
  /** Expires the claims of dead processes; only where workers run. */
  supervise: boolean
}): JobQueue {
  return new PgBossJobQueue(options.database, options.log, options.supervise)
}

class PgBossJobQueue implements JobQueue {
  private readonly definitions = new Map<string, JobDefinition>()
  // pg-boss answers a failed fetch as "no job" (it swallows the error): whether the database could be reached is
  // read here, so that idle workers back off while it cannot.
  private reachable = true
  private readonly boss: PgBoss
  private started = false
  private stopping = false
  private readonly workers: { wake(): void; done: Promise<void> }[] = []
  private readonly wakers = new Map<string, () => void>()
  private readonly timers: NodeJS.Timeout[] = []

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    supervise: boolean,
  ) {
    this.boss = new PgBoss({
      db: {
        executeSql: async (text, values) => {
          try {
            const result = await database.executeSql(text, values)
            this.reachable = true
            return result
          } catch (error) {
            if (isDatabaseUnavailable(error)) this.reachable = false
            throw error
          }
        },
      },
      schema: SCHEMA,
      supervise,
      maintenanceIntervalSeconds: 10,
      schedule: false,
      migrate: true,
    })
    this.boss.on('error', (error) =>
      isDatabaseUnavailable(error)
        ? log.warn({ reason: error.message }, 'job queue maintenance: the database cannot be reached')
        : log.error({ err: error }, 'job queue error'),
    )
  }

  define(job: JobDefinition): void {
    this.definitions.set(job.name, job)
  }

  async start(): Promise<void> {
    // Processes started together would race to create the same tables and queues (a deadlock, seen).
    await this.database.alone(async () => {
      await this.boss.start()
      this.started = true
      for (const job of this.definitions.values()) {
        await this.boss.createQueue(job.name, {
          name: job.name,
          retryLimit: job.retryLimit,
          retryDelay: job.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: job.timeoutSeconds,
        })
      }
    })
  }

  async send(name: string, data: object, executor?: SqlExecutor): Promise<void> {
    this.definition(name)
    await this.boss.send(name, data, executor ? { ...dueNow(), db: transactionExecutor(executor) } : dueNow())
    // Sent inside a transaction, the job is visible only after the commit: the next poll finds it.
    if (!executor) this.wakers.get(name)?.()
  }

  runPending(name: string): Promise<number> {
    return this.drain(this.definition(name))
  }

  async runNow(name: string): Promise<number> {
    const job = this.definition(name)
    await this.boss.send(job.name, {}, dueNow())
    return this.drain(job)
  }

  async startWorkers(): Promise<void> {
    for (const job of this.definitions.values()) {
      const every = job.everySeconds
      if (every !== undefined) {
        // The first run before the first request, in this process, when no other process has run this period.
        if (await this.sendRecurring(job.name, every)) await this.drain(job)
        // Twice a period, so that every slot is sent even when the ticks of all processes drift.
        this.timers.push(setInterval(() => this.tick(job.name, every), (every * 1000) / 2))
      }
      this.startWorker(job)
    }
  }

  async stop(timeoutMs = 8_000): Promise<void> {
    this.stopping = true
    for (const timer of this.timers) clearInterval(timer)
    for (const worker of this.workers) worker.wake()
    let timeout: NodeJS.Timeout | undefined
    const finished = await Promise.race([
      Promise.allSettled(this.workers.map((worker) => worker.done)).then(() => true),
      new Promise<boolean>((resolve) => (timeout = setTimeout(() => resolve(false), timeoutMs))),
    ])
    clearTimeout(timeout)
    // A run still going is left to its claim's timeout: another process retries it.
    if (!finished) this.log.warn('jobs still running at shutdown; their claims lapse and another process retries them')
    if (this.started) await this.boss.stop({ graceful: false, close: false, wait: true })
  }

  private definition(name: string): JobDefinition {
    const job = this.definitions.get(name)
    if (!job) throw new Error(`unknown job ${name}`)
    return job
  }

  private async runOne(job: JobDefinition, claimed: PgBoss.Job<unknown>): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    try {
      await Promise.race([
        job.run(claimed.data, { id: claimed.id }),
        new Promise((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error(`timed out after ${job.timeoutSeconds} s`)),
            job.timeoutSeconds * 1000,
          )
        }),
      ])
    } catch (error) {
      clearTimeout(timer)
      // Only the message is kept with the job: an error object may carry what the job carried.
      const message = error instanceof Error ? error.message : String(error)
      this.log.warn({ job: job.name, jobId: claimed.id, error: message }, 'job failed')
      await this.record(() => this.boss.fail(job.name, claimed.id, { message }))
      return
    }
    clearTimeout(timer)
    await this.record(() => this.boss.complete(job.name, claimed.id))
  }

  /**
   * Records a run's outcome, trying again while the database is unreachable (a restart takes seconds): a run that
   * finished is then not run again once its claim lapses. Past the tries, the claim lapses and the job is retried.
   */
  private async record(outcome: () => Promise<unknown>): Promise<void> {
    const waits = backoff(250, 5_000)
    for (let tries = 1; ; tries += 1) {
      try {
        await outcome()
        return
      } catch (error) {
        if (!isDatabaseUnavailable(error) || tries >= RECORD_TRIES || this.stopping) throw error
        await new Promise((resolve) => setTimeout(resolve, waits.next()))
      }
    }
  }

  /** One claim at a time, so that a stop leaves no claimed job unstarted. */
  private async drain(job: JobDefinition): Promise<number> {
    let ran = 0
    while (!this.stopping) {
      const [claimed] = await this.boss.fetch<unknown>(job.name, { batchSize: 1 })
      if (!claimed) break
      await this.runOne(job, claimed)
      ran += 1
    }
    return ran
  }

  private sendRecurring(name: string, everySeconds: number): Promise<string | null> {
    return this.boss.send(name, {}, { singletonSeconds: everySeconds })
  }

  private tick(name: string, everySeconds: number): void {
    void this.sendRecurring(name, everySeconds)
      .then((id) => {
        if (id) this.wakers.get(name)?.()
      })
      .catch((error: unknown) =>
        isDatabaseUnavailable(error)
          ? this.log.warn({ job: name }, 'could not send a recurring job: the database cannot be reached')
          : this.log.error({ err: error, job: name }, 'could not send a recurring job'),
      )
  }

  private startWorker(job: JobDefinition): void {
    let wake = () => {}
    // While the database cannot be reached, a worker waits longer after each failed look (and logs each at warn);
    // a send in this process (the database is back) wakes it at once.
    const unreachable = backoff(job.pollSeconds * 1000, UNREACHABLE_MAX_WAIT_MS)
    const done = (async () => {
      while (!this.stopping) {
        const waitMs = await this.workOnce(job, unreachable)
        if (this.stopping) break
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs)
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
      }
    })()
    this.workers.push({ wake: () => wake(), done })
    this.wakers.set(job.name, () => wake())
  }

  /** Runs the due jobs of one queue; answers how long to wait before looking again. */
  private async workOnce(job: JobDefinition, unreachable: ReturnType<typeof backoff>): Promise<number> {
    let failed: unknown
    try {
      await this.drain(job)
    } catch (error) {
      failed = error
      if (!isDatabaseUnavailable(error)) this.log.error({ err: error, job: job.name }, 'job worker failed')
    }
    if (!this.reachable || isDatabaseUnavailable(failed)) {
      const waitMs = unreachable.next()
      this.log.warn({ job: job.name, failures: unreachable.failures, waitMs }, 'job worker cannot reach the database')
      return waitMs
    }
    unreachable.reset()
    return job.pollSeconds * 1000
  }
}

/** pg-boss's `executeSql` over a Drizzle database or transaction: its `$n` placeholders become bound parameters. */
function transactionExecutor(executor: SqlExecutor): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/)
      const query = sql.join(
        parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)),
      )
      const result = (await executor.execute(query)) as { rows: unknown[] }
      return { rows: result.rows }
    },
  }
}
