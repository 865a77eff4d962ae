import { z } from 'zod'
import { answerOf, successAnswer } from './answer'

/** Test-only: move the server clock forward (NODE_ENV=test only, decision 041). At most a year at a time. */
export const AdvanceClockRequest = z.object({
  seconds: z
    .number({ error: 'seconds is required' })
    .int('seconds is a whole number')
    .positive('The clock only moves forward')
    .max(366 * 86_400, 'At most a year at a time'),
})
export const AdvanceClockAnswer = answerOf(successAnswer({ data: z.object({ now: z.string() }) }))

/** Test-only: move the sandbox's prices by some basis points (at most 20 % either way) and store them at once. */
export const ShiftRatesRequest = z.object({
  bps: z
    .number({ error: 'bps is required' })
    .int('bps is a whole number')
    .min(-2_000, 'At most 20 % at a time')
    .max(2_000, 'At most 20 % at a time'),
})
