import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { clientErrors } from '../../db/tables/modules/error-log'
import type { JobQueue } from '../../jobs/job-queue'

export interface ErrorLogDeps {
  db: Database
  clock: Clock
  queue: Pick<JobQueue, 'send'>
  /** The brand every entry is forwarded with (spec section 7: "an error and brandName"). */
  brandName: string
  /** ERROR_LOG_WEBHOOK_URL; unset: nothing is queued nor sent. */
  webhookUrl: string | undefined
  /** ERROR_LOG_MAX_ENTRIES: the rows kept. */
  maxEntries: number
}

export type ClientErrorRow = typeof clientErrors.$inferSelect

/** The `forward-error` job: one stored entry to the webhook, retried by the queue with growing waits. */
export const FORWARD_ERROR_JOB = 'forward-error'
