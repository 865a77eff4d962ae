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
        // Brotli first, then gzip, as the client weighs them; one given q=0 is refused; otherwise the JSON as it is.
        const accepted = request.headers['accept-encoding']
        const encoding = accepted ? negotiate<Encoding>(accepted, ['br', 'gzip']) : null
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
