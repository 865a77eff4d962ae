import { z } from 'zod'
import { OkAnswer, answerOf } from './answer'
import { ERROR_LOG_LIMITS } from './constants'
import { BrandName } from './validators'

/**
 * Where a report of the web comes from (decision 120): a call that failed (spec section 8: 'fail db call!', 'fail
 * rates!', 'fail db gross!'), a screen that failed to render, or an error the page did not catch (window `error`,
 * `unhandledrejection`).
 */
export const ERROR_SOURCES = ['failed_call', 'render', 'error', 'unhandledrejection'] as const
export const ErrorSource = z.enum(ERROR_SOURCES)
export type ErrorSource = z.infer<typeof ErrorSource>

/** Printable text of at most `max` characters, without control characters but the line breaks of a stack. */
const Text = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^(?:[^\p{Cc}]|[\n\r\t])*$/u, 'Contains control characters')

/**
 * `logError`: a caught exception or a failed call of the web, for the error log (spec sections 7 and 8). Public: a
 * session's customer is recorded when a valid Bearer token comes with it. The api scrubs it before it is stored.
 */
export const LogErrorRequest = z.object({
  brandName: BrandName.optional(),
  source: ErrorSource,
  message: Text(ERROR_LOG_LIMITS.message).trim().min(1, 'A message is required'),
  stack: Text(ERROR_LOG_LIMITS.stack).optional(),
  /** The web page it happened on: its path alone, no query. */
  path: z
    .string()
    .max(ERROR_LOG_LIMITS.path)
    .regex(/^\/[^\s?#]*$/, 'A path without query')
    .optional(),
  /** The call that failed (`getHpRates`). */
  call: z
    .string()
    .regex(new RegExp(`^[A-Za-z][A-Za-z0-9]{0,${ERROR_LOG_LIMITS.call - 1}}$`), 'A call name')
    .optional(),
  /** What the failed call got: its error code, `network` or `bad_answer`. */
  error: z
    .string()
    .regex(new RegExp(`^[a-z0-9_]{1,${ERROR_LOG_LIMITS.error}}$`), 'An error code')
    .optional(),
})
export type LogErrorRequest = z.infer<typeof LogErrorRequest>
export const LogErrorAnswer = answerOf(OkAnswer)
