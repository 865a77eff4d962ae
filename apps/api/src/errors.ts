import type { ErrorCode } from '@exchange/shared/errors'

/** A business outcome or a refused request. The error handler turns it into `{ result: false, error }`. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly statusCode: number
  readonly retryAfterSeconds: number | undefined

  constructor(code: ErrorCode, statusCode = 200, options: { retryAfterSeconds?: number } = {}) {
    super(code)
    this.name = 'AppError'
    this.code = code
    this.statusCode = statusCode
    this.retryAfterSeconds = options.retryAfterSeconds
  }
}
