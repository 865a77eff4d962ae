import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FailureAnswer } from '@exchange/shared/answer'
import { AdvanceClockAnswer, AdvanceClockRequest, ShiftRatesRequest } from '@exchange/shared/test-controls.schemas'
import type { Clock } from '../../clock'
import { AppError } from '../../errors'
import type { RatesProvider } from '../../providers/rates/rates.provider'

/**
 * Controls for the e2e journeys and for development (decision 043), never in production nor beside a real party
 * (config refuses TEST_CONTROLS there, and `refuseConvenienceRoutes` stops a start that registers them, decision 070):
 * the server clock moves forward so that a journey, or a developer on the cooling-off screen, passes the UK cooling-off
 * without waiting 24 hours.
 */
export function testControlRoutes({
  clock,
  ratesProvider,
  refreshRates,
}: {
  clock: Clock & { advance(ms: number): void }
  ratesProvider?: RatesProvider
  refreshRates?: () => Promise<boolean>
}): FastifyPluginAsyncZod {
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

    // The sandbox's prices move by the given basis points and are stored at once (a late transfer beyond the
    // re-price tolerance, decision 049). Real price sources cannot be moved.
    app.post(
      '/rates/shift',
      { schema: { hide: true, body: ShiftRatesRequest, response: { 200: AdvanceClockAnswer, 400: FailureAnswer } } },
      async (request) => {
        if (!ratesProvider?.shift || !refreshRates) throw new AppError('not_found', 404)
        ratesProvider.shift(request.body.bps)
        await refreshRates()
        return { result: true as const, data: { now: clock.now().toISOString() } }
      },
    )
  }
}
