import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { IdempotencyKey } from '@exchange/shared/answer'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@exchange/shared/constants'
import { AppError } from '../../errors'
import type { KeyedCall, RequestKeyService } from './request-keys.service'

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase()

/** The headers schema of a call that takes an Idempotency-Key (decision 092); every other header passes as it is. */
export const KeyedCallHeaders = z.looseObject({ [HEADER]: IdempotencyKey.optional() })

export type AnswerOnce = ReturnType<typeof createAnswerOnce>

/**
 * A route's door to `request_keys` (decision 092): without the header the call runs as it always did; with it, the
 * service runs it once per key, and a retry gets the first request's outcome, marked `Idempotent-Replayed: true`.
 * The route makes its answer from the outcome either way, so both answers are the same.
 */
export function createAnswerOnce(keys: RequestKeyService) {
  return async function answerOnce<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    customerId: string | null,
    run: (keyed: KeyedCall<T> | undefined) => Promise<T>,
  ): Promise<T> {
    const sent = request.headers[HEADER]
    if (sent === undefined) return run(undefined)
    // The route's headers schema checked it already; a route that forgot the schema still keeps no odd key.
    const key = IdempotencyKey.safeParse(sent)
    if (!key.success)
      throw new AppError('validation_failed', 400, { fields: { [HEADER]: key.error.issues[0]?.message ?? '' } })
    const { outcome, replayed } = await keys.once(
      { call: request.routeOptions.url ?? request.url, customerId, key: key.data, body: request.body },
      run,
    )
    if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    return outcome
  }
}
