import { availableParallelism } from 'node:os'
import { z } from 'zod'
import { type SettingsContext, refuse } from './values/env-values'

/** One core is left to the event loop: a burst of logins queues instead of slowing every other call. */
export const DEFAULT_HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1)
export const DEFAULT_HASH_MAX_WAIT_MS = 3_000

/** Sessions, rate limits, password hashing and the sessions of the back office's operators. */
export const SecurityEnv = z.object({
  JWT_SECRET: z
    .string()
    .min(32)
    .optional()
    .describe(
      'HS256 key of the sessions, at least 32 characters. Required with DATABASE_URL (every api process must share it); in embedded mode generated once under DATA_DIR.',
    ),
  SESSION_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 30)
    .optional()
    .describe("Hours a session lasts; unset: the brand's cookie lifetime."),
  RATE_LIMIT_IP_PER_MINUTE: z.coerce
    .number()
    .int()
    .positive()
    .default(30)
    .describe('Requests per IP per minute on each account call.'),
  RATE_LIMIT_EMAIL_PER_15_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10)
    .describe(
      'Requests per e-mail address per 15 minutes on each account call but login (failed logins slow down their own device or address, decision 022).',
    ),
  RATE_LIMIT_PARTNER_SESSIONS_PER_MINUTE: z.coerce
    .number()
    .int()
    .positive()
    .default(60)
    .describe("Sessions a partner's API key may open per minute (POST /v1/partner/sessions, decision 113)."),
  RATE_LIMIT_PARTNER_READS_PER_MINUTE: z.coerce
    .number()
    .int()
    .positive()
    .default(600)
    .describe("Order reads a partner's API key may make per minute (GET /v1/partner/orders…, decision 113)."),
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(DEFAULT_HASH_CONCURRENCY)
    // The default depends on the machine: the reference shows the rule, not this machine's number.
    .meta({
      description: 'Password hashes (argon2id) run at once; the rest queue.',
      shownDefault: 'the cores less one, at least one',
    }),
  PASSWORD_HASH_MAX_WAIT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(DEFAULT_HASH_MAX_WAIT_MS)
    .describe('Longest a login or sign-up waits for its hash before it is answered "busy, try again" (503).'),
  OPERATOR_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(240)
    .default(30)
    .describe(
      "Minutes without a request after which an operator's session at /operator ends (decision 127); the operator signs in again.",
    ),
  OPERATOR_SESSION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24)
    .default(12)
    .describe("Hours an operator's session lasts at most, however busy (decision 127)."),
  FOUR_EYES_REFUND_ABOVE: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'an amount such as 1000 or 1000.50')
    .default('1000')
    .describe(
      "Refunds above this amount, in the refund's own currency (1000: 1000 EUR, 1000 CHF, …), are only requested by one operator and sent once a second operator approves (decision 132); at or below it one operator refunds.",
    ),
  OPERATOR_CREDENTIALS: z
    .string()
    .optional()
    .describe(
      'Removed (decision 127): operators have their own accounts now (`npm run operator -- create-admin`, docs/deploying.md). A start with it set stops, so that an install does not believe the old shared login still guards /operator.',
    ),
})

export function readSecurity(
  env: z.output<typeof SecurityEnv> & { DATABASE_URL?: string | undefined },
  ctx: SettingsContext,
) {
  if (env.DATABASE_URL && !env.JWT_SECRET)
    refuse(ctx, 'required when DATABASE_URL is set (every api process must share it)', 'JWT_SECRET')
  if (env.OPERATOR_CREDENTIALS !== undefined)
    refuse(
      ctx,
      'removed: operators sign in with their own accounts (decision 127). Unset it and create the first admin with `npm run operator -- create-admin --name <login name>`',
      'OPERATOR_CREDENTIALS',
    )
  return {
    jwtSecret: env.JWT_SECRET,
    sessionHours: env.SESSION_HOURS,
    rateLimits: { ipPerMinute: env.RATE_LIMIT_IP_PER_MINUTE, emailPer15Minutes: env.RATE_LIMIT_EMAIL_PER_15_MINUTES },
    partnerRateLimits: {
      sessionsPerMinute: env.RATE_LIMIT_PARTNER_SESSIONS_PER_MINUTE,
      readsPerMinute: env.RATE_LIMIT_PARTNER_READS_PER_MINUTE,
    },
    passwordHashing: { concurrency: env.PASSWORD_HASH_CONCURRENCY, maxWaitMs: env.PASSWORD_HASH_MAX_WAIT_MS },
    operatorSessions: { idleMinutes: env.OPERATOR_IDLE_MINUTES, hours: env.OPERATOR_SESSION_HOURS },
    fourEyes: { refundAbove: env.FOUR_EYES_REFUND_ABOVE },
  }
}
