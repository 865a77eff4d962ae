import type { ErrorCode } from '@exchange/shared/errors'
import type { JourneyStepId } from '@exchange/shared/journey-steps'

/** A business outcome or a refused request. The error handler turns it into `{ result: false, error }`. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly statusCode: number
  readonly retryAfterSeconds: number | undefined
  /** With `step_required`: the journey step the customer owes first. */
  readonly step: JourneyStepId | undefined
  /** With `validation_failed`: the fields a check beyond the schema refused, with the message for each. */
  readonly fields: Record<string, string> | undefined

  constructor(
    code: ErrorCode,
    statusCode = 200,
    options: {
      retryAfterSeconds?: number
      cause?: unknown
      step?: JourneyStepId
      fields?: Record<string, string>
    } = {},
  ) {
    super(code, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.statusCode = statusCode
    this.retryAfterSeconds = options.retryAfterSeconds
    this.step = options.step
    this.fields = options.fields
  }
}

/**
 * A call to a payment party (PSP, open banking, bank partner) that fails or does not answer: the customer is asked
 * to try again in a moment (503 `provider_unavailable`), nothing is stored, and the cause goes to the log only.
 */
export async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError('provider_unavailable', 503, { retryAfterSeconds: 30, cause: error })
  }
}

/** A call refused because the customer still owes a journey step (decision 036): `{ result: false, error, step }`. */
export function stepRequired(step: JourneyStepId): AppError {
  return new AppError('step_required', 200, { step })
}
