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
