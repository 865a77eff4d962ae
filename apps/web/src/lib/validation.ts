import type { RuleResult } from '@exchange/shared/account-rules'
import type { z } from 'zod'

/** The first message a schema gives for a value, or undefined when the value passes. */
export function firstError(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value)
  return parsed.success ? undefined : parsed.error.issues[0]?.message
}

/** The message of a plain account rule (shared account-rules), or undefined when the value passes. */
export const ruleMessage = (result: RuleResult): string | undefined => (result.ok ? undefined : result.message)
