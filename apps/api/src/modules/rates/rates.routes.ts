import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { FailureAnswer } from '@exchange/shared/answer'
import { GetHpRatesAnswer, GetHpRatesRequest } from '@exchange/shared/rates.schemas'
import type { RatesService } from './rates.service'

export function ratesRoutes({ rates }: { rates: RatesService }): FastifyPluginAsyncZod {
  // The answer changes at most once a second (the service computes it once per second), while every open screen
  // asks for it: it is checked against its schema and written out once per computed answer, not once per request.
  const written = new WeakMap<object, string>()
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
      async (_request, reply) => {
        const data = await rates.currentRates()
        let body = written.get(data)
        if (body === undefined) {
          body = JSON.stringify(z.encode(GetHpRatesAnswer, { result: true as const, data }))
          written.set(data, body)
        }
        // A string with a JSON content type is sent as it is: the route's serializer is not run again.
        return reply.type('application/json; charset=utf-8').send(body as unknown as z.infer<typeof GetHpRatesAnswer>)
      },
    )
  }
}
