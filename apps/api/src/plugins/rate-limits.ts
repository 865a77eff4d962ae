import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { Redis } from 'ioredis'
import { AppError } from '../errors'

export interface RateLimitSettings {
  ipPerMinute: number
  emailPer15Minutes: number
  redisUrl: string | undefined
}

export interface RateLimits {
  /** Route config: per client IP, counted before the body is read. */
  perIp: { max: number; timeWindow: number }
  /** preHandler: per e-mail of the body, so one address cannot be hammered from many IPs. */
  perEmail(call: string): preHandlerAsyncHookHandler
  close(): Promise<void>
}

function refusal(_request: FastifyRequest, context: { ttl: number }) {
  return new AppError('rate_limited', 429, { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) })
}

/** Limits live in Redis when REDIS_URL is set, so several api processes share them; in memory otherwise. */
export async function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<RateLimits> {
  const redis = settings.redisUrl
    ? new Redis(settings.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 })
    : undefined
  await app.register(rateLimit, {
    global: false,
    ...(redis && { redis, nameSpace: 'exchange-rl:' }),
    errorResponseBuilder: refusal,
  })
  return {
    perIp: { max: settings.ipPerMinute, timeWindow: 60_000 },
    perEmail(call) {
      // A limiter of its own: the route's per-IP hook has already marked the request as limited once.
      const limiter = app.createRateLimit({
        max: settings.emailPer15Minutes,
        timeWindow: 15 * 60_000,
        keyGenerator: (request) => `${call}:email:${emailOf(request)}`,
      })
      return async (request) => {
        const outcome = await limiter(request)
        if (!outcome.isAllowed && outcome.isExceeded) {
          throw new AppError('rate_limited', 429, { retryAfterSeconds: Math.max(1, outcome.ttlInSeconds) })
        }
      }
    },
    async close() {
      await redis?.quit()
    },
  }
}

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined
  return typeof body?.email === 'string' ? body.email : ''
}
