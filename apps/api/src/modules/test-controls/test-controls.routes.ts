import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FailureAnswer } from '@exchange/shared/answer'
import { AdvanceClockAnswer, AdvanceClockRequest } from '@exchange/shared/test-controls.schemas'
import type { Clock } from '../../clock'

/**
 * Controls for the e2e journeys and for development (decision 043), never in production (config refuses TEST_CONTROLS
 * there, and `refuseTestRoutesInProduction` stops a start that registers them): the server clock moves forward so
 * that a journey, or a developer on the cooling-off screen, passes the UK cooling-off without waiting 24 hours.
 */
export function testControlRoutes({ clock }: { clock: Clock & { advance(ms: number): void } }): FastifyPluginAsyncZod {
  return async (app) => {
    // The server's time; where it answers, the cooling-off screen offers its development-only button.
    app.get('/clock', { schema: { hide: true, response: { 200: AdvanceClockAnswer } } }, async () => ({
      result: true as const,
      data: { now: clock.now().toISOString() },
    }))

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
