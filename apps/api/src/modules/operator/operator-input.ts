import type { z } from 'zod'
import { AppError } from '../../errors'

/** An operator route's input, checked: anything else than the schema takes is refused `validation_failed` (400). */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new AppError('validation_failed', 400)
  return parsed.data
}
