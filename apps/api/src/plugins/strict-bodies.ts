import type { FastifySchemaCompiler } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

interface InputShape {
  type?: unknown
  properties?: Record<string, InputShape>
  additionalProperties?: unknown
  items?: InputShape
}

type Issue = { path: (string | number)[]; message: string }

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** No call takes values nested deeper; a body nested deeper is refused before it is walked any further. */
const MAX_DEPTH = 32

/**
 * What no field of any call takes: a key the shape does not name (at every depth the shape describes), text with a
 * NUL character, which PostgreSQL cannot store in any text column, and text that is no valid Unicode (a lone
 * surrogate), which cannot be stored as it was sent. Walked without recursion, so that no body,
 * however deeply nested, can exhaust the stack.
 */
function bodyIssues(root: InputShape, body: unknown): Issue[] {
  const issues: Issue[] = []
  const pending: { shape: InputShape | undefined; data: unknown; path: (string | number)[] }[] = [
    { shape: root, data: body, path: [] },
  ]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { shape, data, path } = next
    if (typeof data === 'string') {
      if (data.includes('\u0000')) issues.push({ path, message: 'Text must not contain a NUL character' })
      else if (LONE_SURROGATE.test(data)) issues.push({ path, message: 'Text must be valid Unicode' })
      continue
    }
    if (typeof data !== 'object' || data === null) continue
    if (path.length >= MAX_DEPTH) {
      issues.push({ path, message: 'Nested too deeply' })
      continue
    }
    if (Array.isArray(data)) {
      data.forEach((item, index) => pending.push({ shape: shape?.items, data: item, path: [...path, index] }))
      continue
    }
    const properties = shape?.properties
    for (const [key, value] of Object.entries(data)) {
      if (properties && !Object.hasOwn(properties, key) && shape?.additionalProperties === undefined)
        issues.push({ path: [...path, key], message: 'Unknown field' })
      else pending.push({ shape: properties?.[key], data: value, path: [...path, key] })
    }
  }
  return issues
}

/**
 * The zod validator, with rules added for request bodies. A NUL character or a lone surrogate in any text is refused. A field the call
 * does not take is refused ("Unknown field"), not dropped. A misspelt field would otherwise be ignored without a word, and a call whose field is optional
 * (`orderCompleteViban` without an order names the newest one) would act on something the client did not mean
 * (decision 077). Records and loose objects, which take any key, are left as they are.
 */
export const refuseUnknownFields: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart, ...rest }) => {
  const validate = validatorCompiler({ schema, httpPart, ...rest })
  if (httpPart !== 'body') return validate
  const shape = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as InputShape
  const known = z.unknown().superRefine((data, context) => {
    for (const { path, message } of bodyIssues(shape, data))
      context.addIssue({ code: 'custom', path, message, input: data })
  })
  const strict = validatorCompiler({ schema: known, httpPart, ...rest })
  // The schema's own messages come first, so that a field it refuses is named by its own words.
  return (data) => {
    const own = validate(data)
    const extra = strict(data)
    const issues = [own, extra].flatMap((result) =>
      typeof result === 'object' && 'error' in result && Array.isArray(result.error) ? result.error : [],
    )
    return issues.length > 0 ? { error: issues } : own
  }
}
