import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FailureAnswer } from '@exchange/shared/answer'
import { LogErrorAnswer, LogErrorRequest } from '@exchange/shared/error-log.schemas'
import { bearerToken } from '../../plugins/session'
import type { SessionService } from '../sessions/sessions.service'
import type { ErrorLogService } from './error-log.service'

interface ErrorLogRouteDeps {
  errorLog: ErrorLogService
  sessions: Pick<SessionService, 'requireSession'>
  /** ERROR_LOG_REPORTS_PER_MINUTE, per client address, in the rate-limit store (Redis when set). */
  reportsPerMinute: number
}

/** The customer of a valid session sent with the report; none without one (a report is public: it may be of a lapsed session). */
async function customerOf(sessions: ErrorLogRouteDeps['sessions'], request: FastifyRequest): Promise<string | null> {
  const token = bearerToken(request)
  if (!token) return null
  try {
    return (await sessions.requireSession(token)).customerId
  } catch {
    return null
  }
}

export function errorLogRoutes({ errorLog, sessions, reportsPerMinute }: ErrorLogRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/logError',
      {
        schema: {
          tags: ['error log'],
          summary:
            'A caught exception or a failed call of the web, for the error log (spec section 8); scrubbed, kept and forwarded with brandName',
          body: LogErrorRequest,
          response: { 200: LogErrorAnswer, 400: FailureAnswer, 429: FailureAnswer },
        },
        config: { rateLimit: { max: reportsPerMinute, timeWindow: 60_000 } },
      },
      async (request) => {
        await errorLog.record(request.body, await customerOf(sessions, request))
        return { result: true as const }
      },
    )
  }
}
