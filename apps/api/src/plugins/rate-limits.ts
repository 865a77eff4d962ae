import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { Redis } from 'ioredis'
import type { Clock } from '../clock'
import { AppError } from '../errors'
import { pseudonymOf } from './pseudonyms'

export interface RateLimitSettings {
  ipPerMinute: number
  emailPer15Minutes: number
  redisUrl: string | undefined
  clock: Clock
  /** Keys the pseudonyms that stand for e-mails and names in the store's keys (decision 076). */
  pseudonymKey: Buffer
}

/** Failures counted per key in a fixed window; only failures count, so a right answer never uses the budget up. */
export interface FailureCounter {
  /** Seconds until the key may try again once it has failed `max` times in the window; 0 while it may try. */
  waitFor(key: string): Promise<number>
  fail(key: string): Promise<void>
}

export interface RateLimits {
  /** Route config: per client IP, counted before the body is read. */
  perIp: { max: number; timeWindow: number }
  /** preHandler: per e-mail of the body, so one address cannot be hammered from many IPs. */
  perEmail(call: string): preHandlerAsyncHookHandler
  /**
   * A hook that counts calls per key the caller is known by (`keyOf`, e.g. a partner's API key id, never a secret):
   * `max` per minute, then 429 with Retry-After. Run it once the caller is known.
   */
  perCaller(
    call: string,
    max: number,
    keyOf: (request: FastifyRequest) => string,
  ): (request: FastifyRequest) => Promise<void>
  /** A failure counter in the same store (Redis when REDIS_URL is set, shared by every process; else in memory). */
  failures(name: string, limit: { max: number; windowSeconds: number }): FailureCounter
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
      // The store's keys never hold the address itself (Redis keys are listed by anyone who can reach it).
      return limitedBy(
        app,
        { max: settings.emailPer15Minutes, timeWindow: 15 * 60_000 },
        (request) => `${call}:email:${pseudonymOf(settings.pseudonymKey, emailOf(request))}`,
      )
    },
    perCaller(call, max, keyOf) {
      return limitedBy(app, { max, timeWindow: 60_000 }, (request) => `${call}:caller:${keyOf(request)}`)
    },
    failures(name, limit) {
      // A counted key (an operator name, a device) is kept by its pseudonym: fixed length, nothing personal in the store.
      const counter = redis
        ? redisFailureCounter(redis, `exchange-fail:${name}:`, limit, app.log)
        : memoryFailureCounter(limit, settings.clock)
      const keyOf = (key: string) => pseudonymOf(settings.pseudonymKey, key)
      return { waitFor: (key) => counter.waitFor(keyOf(key)), fail: (key) => counter.fail(keyOf(key)) }
    },
    async close() {
      await redis?.quit()
    },
  }
}

/**
 * A limiter of its own, in the plugin's store: the route's per-IP hook, when it has one, has already marked the
 * request as limited once.
 */
function limitedBy(
  app: FastifyInstance,
  limit: { max: number; timeWindow: number },
  keyGenerator: (request: FastifyRequest) => string,
) {
  const limiter = app.createRateLimit({ ...limit, keyGenerator })
  return async (request: FastifyRequest) => {
    const outcome = await limiter(request)
    if (!outcome.isAllowed && outcome.isExceeded) {
      throw new AppError('rate_limited', 429, { retryAfterSeconds: Math.max(1, outcome.ttlInSeconds) })
    }
  }
}

/** Keys are cut to this length: a caller chooses them (an operator name), and must not fill memory with them. */
const MAX_KEY_LENGTH = 128
const MAX_MEMORY_KEYS = 10_000

function memoryFailureCounter(limit: { max: number; windowSeconds: number }, clock: Clock): FailureCounter {
  const counts = new Map<string, { failures: number; endsAt: number }>()
  const live = (key: string) => {
    const entry = counts.get(key.slice(0, MAX_KEY_LENGTH))
    if (entry && entry.endsAt <= clock.now().getTime()) {
      counts.delete(key.slice(0, MAX_KEY_LENGTH))
      return undefined
    }
    return entry
  }
  return {
    async waitFor(key) {
      const entry = live(key)
      if (!entry || entry.failures < limit.max) return 0
      return Math.max(1, Math.ceil((entry.endsAt - clock.now().getTime()) / 1000))
    },
    async fail(key) {
      const entry = live(key)
      if (entry) {
        entry.failures += 1
        return
      }
      if (counts.size >= MAX_MEMORY_KEYS) counts.delete(counts.keys().next().value!)
      counts.set(key.slice(0, MAX_KEY_LENGTH), {
        failures: 1,
        endsAt: clock.now().getTime() + limit.windowSeconds * 1000,
      })
    },
  }
}

/** A Redis that does not answer leaves the counter open rather than locking every operator out; it is logged. */
function redisFailureCounter(
  redis: Redis,
  prefix: string,
  limit: { max: number; windowSeconds: number },
  log: FastifyInstance['log'],
): FailureCounter {
  const keyOf = (key: string) => prefix + key.slice(0, MAX_KEY_LENGTH)
  return {
    async waitFor(key) {
      try {
        const [[, failures], [, ttl]] = (await redis.multi().get(keyOf(key)).pttl(keyOf(key)).exec()) as [
          [unknown, string | null],
          [unknown, number],
        ]
        if (Number(failures ?? 0) < limit.max) return 0
        return Math.max(1, Math.ceil(ttl / 1000))
      } catch (error) {
        log.error({ err: error }, 'failure counter store unavailable')
        return 0
      }
    },
    async fail(key) {
      try {
        const failures = await redis.incr(keyOf(key))
        if (failures === 1) await redis.pexpire(keyOf(key), limit.windowSeconds * 1000)
      } catch (error) {
        log.error({ err: error }, 'failure counter store unavailable')
      }
    },
  }
}

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined
  return typeof body?.email === 'string' ? body.email : ''
}
