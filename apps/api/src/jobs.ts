import type { FastifyBaseLogger } from 'fastify'

export interface Job {
  name: string
  everySeconds: number
  run(): Promise<unknown>
}

/**
 * Runs each job now and then every few seconds, never two runs of one job at once. Every job is safe to run
 * in several processes at the same time (upserts, and status changes guarded by the current status).
 */
export function startJobs(jobs: Job[], log: FastifyBaseLogger): { stop(): Promise<void> } {
  const timers: NodeJS.Timeout[] = []
  const running = new Map<string, Promise<unknown>>()

  const tick = (job: Job) => {
    if (running.has(job.name)) return
    const run = job
      .run()
      .catch((error: unknown) => log.error({ err: error, job: job.name }, 'job failed'))
      .finally(() => running.delete(job.name))
    running.set(job.name, run)
  }

  for (const job of jobs) {
    tick(job)
    timers.push(setInterval(() => tick(job), job.everySeconds * 1000))
  }
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer)
      await Promise.allSettled([...running.values()])
    },
  }
}
