import type { z } from 'zod'
import type { FormOutcome } from '../../../components/ui/form'
import type { FieldErrors } from '../../../lib/use-form-fields'
import { firstError } from '../../../lib/validation'

/** A whole-form check from one schema per field: the values, or the first message of each field that is wrong. */
export function checkFields<T extends Record<string, string>>(
  rules: { [K in keyof T]: z.ZodType },
  values: T,
): FormOutcome<T, T> {
  const errors: FieldErrors<T> = {}
  for (const key of Object.keys(rules) as (keyof T)[]) {
    const message = firstError(rules[key], values[key])
    if (message) errors[key] = message
  }
  return Object.keys(errors).length > 0 ? { errors } : { data: values }
}
