import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { FailureAnswer } from '@exchange/shared/answer'
import { isDatabaseUnavailable } from '../db/errors'
import { AppError } from '../errors'

/** Fastify's own error codes that are the client's fault, with the answer each gets. */
const CLIENT_ERRORS: Record<string, { status: number; error: FailureAnswer['error'] }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, error: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, error: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, error: 'validation_failed' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, error: 'validation_failed' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, error: 'validation_failed' },
}

/** How long a client waits before trying again after a database outage answer. */
export const DATABASE_RETRY_AFTER_SECONDS = 15

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
        ...(error.step !== undefined && { step: error.step }),
        ...(error.fields !== undefined && { fields: error.fields }),
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
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable')
      return send(reply, 503, {
        result: false,
        error: 'service_unavailable',
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      })
    }
    request.log.error({ err: error }, 'unhandled error')
    return send(reply, 500, { result: false, error: 'internal_error' })
  })
}

/**
 * Errors Fastify raises before a route is chosen (a URL it cannot decode such as `/%`, a parameter too long): the same
 * contract as every other refusal.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400
  if (status >= 500) return send(reply, 500, { result: false, error: 'internal_error' })
  return send(reply, status, { result: false, error: 'validation_failed' })
}

/** A request Node's HTTP parser refuses (malformed, headers too large, too slow) is answered on the socket itself. */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, reason, code]: [number, string, FailureAnswer['error']] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'validation_failed']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'payload_too_large']
        : [400, 'Bad Request', 'validation_failed']
  const body = JSON.stringify({ result: false, error: code } satisfies FailureAnswer)
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}
