import { count, desc, lte, max, min, sql } from 'drizzle-orm'
import type { LogErrorRequest } from '@exchange/shared/error-log.schemas'
import { clientErrors } from '../../db/tables/modules/error-log'
import { type ErrorLogDeps, FORWARD_ERROR_JOB } from './error-log-deps'
import { forwardError } from './forward-error'
import { scrub } from './scrub'

export type ErrorLogService = ReturnType<typeof createErrorLogService>

/** Groups the operator page shows at most. */
const GROUPS_SHOWN = 100

const scrubbed = (text: string | undefined) => (text === undefined ? null : scrub(text))

/**
 * The web's error log (decision 120): a report scrubbed and stored, the oldest beyond the cap pruned in the same
 * transaction, and its forwarding queued there too (when a webhook is set), so that an entry and its job exist together.
 */
export function createErrorLogService(deps: ErrorLogDeps) {
  const { db, clock, queue } = deps
  return {
    async record(report: LogErrorRequest, customerId: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(clientErrors)
          .values({
            createdAt: clock.now(),
            source: report.source,
            message: scrub(report.message),
            stack: scrubbed(report.stack),
            path: scrubbed(report.path),
            call: report.call ?? null,
            error: report.error ?? null,
            customerId,
          })
          .returning({ id: clientErrors.id, seq: clientErrors.seq })
        await tx.delete(clientErrors).where(lte(clientErrors.seq, row!.seq - deps.maxEntries))
        if (deps.webhookUrl) await queue.send(FORWARD_ERROR_JOB, { errorId: row!.id }, tx)
      })
    },

    forward: (errorId: string) => forwardError(deps, errorId),

    /** The latest errors, grouped by message and source, the most recently seen first. */
    latestGroups() {
      const lastSeen = max(clientErrors.createdAt)
      return db
        .select({
          source: clientErrors.source,
          message: clientErrors.message,
          count: count(),
          forwarded: count(clientErrors.forwardedAt),
          firstSeen: min(clientErrors.createdAt),
          lastSeen,
          calls: sql<string | null>`string_agg(DISTINCT ${clientErrors.call}, ', ')`,
          paths: sql<string | null>`string_agg(DISTINCT ${clientErrors.path}, ', ')`,
        })
        .from(clientErrors)
        .groupBy(clientErrors.source, clientErrors.message)
        .orderBy(desc(lastSeen))
        .limit(GROUPS_SHOWN)
    },
  }
}
