import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import negotiate from '@fastify/accept-negotiator'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { FailureAnswer } from '@exchange/shared/answer'
import { GetHpRatesAnswer, GetHpRatesRequest, type RatesData } from '@exchange/shared/rates.schemas'
import type { RatesService } from './rates.service'

const JSON_TYPE = 'application/json; charset=utf-8'

/** Brotli at quality 6 takes about 0.2 ms for this answer and gives ~950 bytes; 11 would take ~7 ms for ~800. */
const BROTLI_QUALITY = 6

type Encoding = 'br' | 'gzip'

/**
 * Browsers send one of a handful of `Accept-Encoding` values, the same on every call: each is weighed once. A client
 * inventing a new value per call cannot grow the map past this; its values are weighed each time.
 */
const KEPT_ENCODING_CHOICES = 64

/** One computed answer as it is sent: its JSON, and that JSON compressed once per encoding a client asked for. */
interface Written {
  json: string
  br?: Buffer
  gzip?: Buffer
}

function compress(json: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(json, {
        params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
      })
    : gzipSync(json)
}

export function ratesRoutes({ rates }: { rates: RatesService }): FastifyPluginAsyncZod {
  // The answer changes at most once a second (the service computes it once per second), while every open screen
  // asks for it every few seconds: it is checked against its schema, written out and compressed once per computed
  // answer, not once per request. A browser gets it compressed (decision 061): about 950 bytes instead of 4.7 KB.
  const written = new WeakMap<object, Written>()
  const writtenFor = (data: RatesData) => {
    let answer = written.get(data)
    if (answer === undefined) {
      answer = { json: JSON.stringify(z.encode(GetHpRatesAnswer, { result: true as const, data })) }
      written.set(data, answer)
    }
    return answer
  }
  const encodingChoices = new Map<string, Encoding | null>()
  const encodingFor = (accepted: string | undefined): Encoding | null => {
    if (!accepted) return null
    let chosen = encodingChoices.get(accepted)
    if (chosen === undefined) {
      // Brotli first, then gzip, as the client weighs them; one given q=0 is refused; otherwise the JSON as it is.
      chosen = negotiate<Encoding>(accepted, ['br', 'gzip'])
      if (encodingChoices.size < KEPT_ENCODING_CHOICES) encodingChoices.set(accepted, chosen)
    }
    return chosen
  }
  return async (app) => {
    app.post(
      '/getHpRates',
      {
        schema: {
          tags: ['rates'],
          summary: 'Customer prices of every coin in every fiat, with mid, spread, fee, age and the order limits',
          body: GetHpRatesRequest,
          response: { 200: GetHpRatesAnswer, 400: FailureAnswer },
        },
      },
      async (request, reply) => {
        const answer = writtenFor(await rates.currentRates())
        const encoding = encodingFor(request.headers['accept-encoding'])
        reply.type(JSON_TYPE).header('vary', 'accept-encoding')
        // A string or a buffer is sent as it is: the route's serializer is not run again.
        if (encoding === null) return reply.send(answer.json as unknown as z.infer<typeof GetHpRatesAnswer>)
        answer[encoding] ??= compress(answer.json, encoding)
        return reply
          .header('content-encoding', encoding)
          .send(answer[encoding] as unknown as z.infer<typeof GetHpRatesAnswer>)
      },
    )
  }
}
