import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FailureAnswer } from '@exchange/shared/answer'
import { JourneyStatusAnswer, JourneyStatusRequest } from '@exchange/shared/journey.schemas'
import { sessionOf } from '../../plugins/session'
import { visitorOf } from '../../plugins/visitor'
import type { JourneyService } from './journey.service'

/** `journeyStatus`: what the customer still owes and where the web sends them next (decision 036). */
export function journeyRoutes({ journey }: { journey: JourneyService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/journeyStatus',
      {
        schema: {
          tags: ['journey'],
          security: [{ bearer: [] }],
          summary: 'The steps the customer still owes, in order, with what each blocks and its screen',
          body: JourneyStatusRequest,
          response: { 200: JourneyStatusAnswer, 400: FailureAnswer, 401: FailureAnswer },
        },
      },
      async (request) => ({
        result: true as const,
        data: await journey.journeyOf(sessionOf(request).customerId, visitorOf(request)),
      }),
    )
  }
}
