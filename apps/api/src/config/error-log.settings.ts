import { z } from 'zod'
import { type SettingsContext, refuse } from './values/env-values'

/** The error log of the web (decision 120): where its entries are forwarded, how many are kept, how many taken. */
export const ErrorLogEnv = z.object({
  ERROR_LOG_WEBHOOK_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'Where each entry of the error log is POSTed as JSON with brandName (spec section 7), through the job queue with retries; https in production. Unset: entries are only kept and shown at /operator/errors.',
    ),
  ERROR_LOG_REPORTS_PER_MINUTE: z.coerce
    .number()
    .int()
    .positive()
    .max(10_000)
    .default(20)
    .describe('Error reports (POST /v1/public/logError) one client address may send per minute.'),
  ERROR_LOG_MAX_ENTRIES: z.coerce
    .number()
    .int()
    .min(10)
    .max(1_000_000)
    .default(10_000)
    .describe('Entries the error log keeps; each new one prunes the oldest beyond this.'),
})

export function readErrorLog(
  env: z.output<typeof ErrorLogEnv> & { NODE_ENV?: string | undefined },
  ctx: SettingsContext,
) {
  if (env.NODE_ENV === 'production' && env.ERROR_LOG_WEBHOOK_URL?.startsWith('http:'))
    refuse(ctx, 'must be an https address in production', 'ERROR_LOG_WEBHOOK_URL')
  return {
    errorLog: {
      webhookUrl: env.ERROR_LOG_WEBHOOK_URL,
      reportsPerMinute: env.ERROR_LOG_REPORTS_PER_MINUTE,
      maxEntries: env.ERROR_LOG_MAX_ENTRIES,
    },
  }
}
