import { z } from 'zod'

// The pieces every concern's settings are read with. This folder imports nothing of the api, so that the providers'
// settings (in their own folders) and the configuration that composes them can both use it without a cycle.

/** A yes/no variable: `true`/`1` or `false`/`0`. */
export const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')

/** What a concern's reader is handed to refuse a combination of settings; zod's own transform context. */
export type SettingsContext = z.core.$RefinementCtx

/**
 * Refuses the configuration with a message naming the variable (or, without one, a message that names its settings
 * itself). Readers go on after a refusal, so that one start names every problem; the parse fails in the end.
 */
export function refuse(ctx: SettingsContext, message: string, variable?: string): never {
  ctx.addIssue({ code: 'custom', message, path: variable === undefined ? [] : [variable], input: undefined })
  return z.NEVER
}

/**
 * The named settings when every one is set, otherwise the names of those missing (in the order asked), for a message
 * such as "IDV_PROVIDER=sumsub needs SUMSUB_SECRET_KEY, PUBLIC_URL".
 */
export function requireSettings<E extends object, K extends keyof E & string>(
  env: E,
  names: readonly K[],
): { values: { [P in K]-?: NonNullable<E[P]> }; missing?: undefined } | { missing: K[] } {
  const missing = names.filter((name) => env[name] === undefined || env[name] === '')
  if (missing.length > 0) return { missing }
  // Each name was checked just above to hold a value; the type system cannot follow that through a list.
  return { values: Object.fromEntries(names.map((name) => [name, env[name]])) as { [P in K]-?: NonNullable<E[P]> } }
}

/** A PEM written on one line with `\n` for its line breaks, as a multi-line PEM. */
export const pemFromEnv = (value: string) => value.replaceAll('\\n', '\n')

/** JSON text as a value, or undefined when it is not JSON (the schema that reads it then names the variable). */
export function jsonFromEnv(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A comma-separated list, trimmed, empty entries left out. */
export const listFromEnv = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
