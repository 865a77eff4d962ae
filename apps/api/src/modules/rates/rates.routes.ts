import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FailureAnswer } from '@exchange/shared/answer'
import { GetHpRatesAnswer, GetHpRatesRequest } from '@exchange/shared/rates.schemas'
import type { RatesService } from './rates.service'

export function ratesRoutes({ rates }: { rates: RatesService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/getHpRates', {
      schema: {
        tags: ['rates'],
        summary: 'Customer prices of every coin in every fiat, with mid, spread, fee, age and the order limits',
        body: GetHpRatesRequest,
        response: { 200: GetHpRatesAnswer, 400: FailureAnswer },
      },
    }, async () => ({ result: true as const, data: await rates.currentRates() }))
  }
}
