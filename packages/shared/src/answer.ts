import { z } from 'zod'
import { ErrorCode } from './errors'
import { JourneyStepId } from './journey-steps'

/** Every answer of the api: `{ result, ... }`. A failed business outcome carries a stable `error` code. */
export const FailureAnswer = z.object({
  result: z.literal(false),
  error: ErrorCode,
  /** Field errors of a malformed request, by field path. */
  fields: z.record(z.string(), z.string()).optional(),
  /** Seconds until a refused request may be tried again (rate limits, resend cooldown). */
  retryAfterSeconds: z.number().int().nonnegative().optional(),
  /** With `step_required`: the step the customer owes first (decision 036); the web sends them to its screen. */
  step: JourneyStepId.optional(),
})
export type FailureAnswer = z.infer<typeof FailureAnswer>

export const OkAnswer = z.object({ result: z.literal(true) })
export type OkAnswer = z.infer<typeof OkAnswer>

export function successAnswer<T extends z.ZodRawShape>(shape: T) {
  return z.object({ result: z.literal(true), ...shape })
}

export function answerOf<T extends z.ZodType>(success: T) {
  return z.union([success, FailureAnswer])
}

/**
 * The value of the Idempotency-Key header (decision 092): what a client makes per action, e.g. a UUID. Letters,
 * digits, '-' and '_' only, so that it cannot carry anything but a key.
 */
export const IdempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Idempotency-Key must be 16 to 64 letters, digits, - or _')
