import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { FailureAnswer } from '@exchange/shared/answer'
import { AppError } from '../errors'

/** Fastify's own error codes that are the client's fault, with the answer each gets. */
const CLIENT_ERRORS: Record<string, { status: number; error: FailureAnswer['error'] }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, error: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, error: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, error: 'validation_failed' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, error: 'validation_failed' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, error: 'validation_failed' },
}

function send(reply: FastifyReply, status: number, answer: FailureAnswer) {
  if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds))
  return reply.code(status).send(answer)
}

/** The one door for errors: every refusal is `{ result: false, error }`, and a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500)
        request.log.error({ err: error.cause ?? error, code: error.code }, 'request failed on a party we depend on')
      return send(reply, error.statusCode, {
        result: false,
        error: error.code,
        ...(error.retryAfterSeconds !== undefined && { retryAfterSeconds: error.retryAfterSeconds }),
      })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {}
      for (const issue of error.validation) {
        const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '(body)'
        fields[path] ??= issue.message ?? 'Invalid value'
      }
      return send(reply, 400, { result: false, error: 'validation_failed', fields })
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined
    if (known) return send(reply, known.status, { result: false, error: known.error })
    if (error.statusCode === 429) return send(reply, 429, { result: false, error: 'rate_limited' })
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, { result: false, error: 'validation_failed' })
    }
    request.log.error({ err: error }, 'unhandled error')
    return send(reply, 500, { result: false, error: 'internal_error' })
  })
}
