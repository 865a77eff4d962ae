import type { JobDefinition } from '../../jobs/job-queue'
import type { Core, ModuleParts } from '../module-kit'
import { FORWARD_ERROR_JOB } from './error-log-deps'
import { errorLogRoutes } from './error-log.routes'
import { createErrorLogService } from './error-log.service'

/**
 * The web's error log (decision 120): `POST /v1/public/logError` stores a scrubbed report, and the `forward-error` job
 * sends each to ERROR_LOG_WEBHOOK_URL with brandName: 10 s a try, then 10 s, 20 s, 40 s … 8 more tries (about 40
 * minutes). The operator view reads the groups (`latestGroups`).
 */
export function errorLogModule({ config, db, clock, queue, brand, sessions }: Core) {
  const errorLog = createErrorLogService({
    db,
    clock,
    queue,
    brandName: brand.brandName,
    webhookUrl: config.errorLog.webhookUrl,
    maxEntries: config.errorLog.maxEntries,
  })
  const forwardJob: JobDefinition = {
    name: FORWARD_ERROR_JOB,
    retryLimit: 8,
    retryDelaySeconds: 10,
    timeoutSeconds: 30,
    pollSeconds: 2,
    run: (data) => errorLog.forward((data as { errorId: string }).errorId),
  }
  const parts: ModuleParts = {
    routes: [
      {
        scope: 'public',
        routes: errorLogRoutes({ errorLog, sessions, reportsPerMinute: config.errorLog.reportsPerMinute }),
      },
    ],
    jobs: [forwardJob],
  }
  return { errorLog, parts }
}
