import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FailureAnswer } from '@exchange/shared/answer'
import { AdvanceClockAnswer, AdvanceClockRequest } from '@exchange/shared/test-controls.schemas'
import type { Clock } from '../../clock'

/**
 * Controls for the e2e journeys, registered with NODE_ENV=test only (config refuses TEST_CONTROLS elsewhere, and
 * `refuseTestRoutesOutsideTests` stops a start that registers them): the server clock moves forward so that a journey
 * passes the UK cooling-off without waiting 24 hours.
 */
export function testControlRoutes({ clock }: { clock: Clock & { advance(ms: number): void } }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/clock/advance',
      {
        schema: {
          hide: true,
          body: AdvanceClockRequest,
          response: { 200: AdvanceClockAnswer, 400: FailureAnswer },
        },
      },
      async (request) => {
        clock.advance(request.body.seconds * 1000)
        return { result: true as const, data: { now: clock.now().toISOString() } }
      },
    )
  }
}
