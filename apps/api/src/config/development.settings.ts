import { z } from 'zod'
import { booleanFromEnv } from './values/env-values'

/**
 * What exists for a laptop and the tests (decision 070), and the one setting that lets sandboxes run in production
 * for a shared demo (decision 020). The dev outbox is mail's (DEV_OUTBOX), skipped steps the journey's.
 */
export const DevelopmentEnv = z.object({
  TEST_CONTROLS: booleanFromEnv
    .optional()
    .describe(
      'Controls under /test that move the server clock forward (the e2e journeys, the cooling-off in development). Unset: on in development and tests with no real party (decision 070).',
    ),
  API_DOCS: booleanFromEnv
    .optional()
    .describe(
      'The OpenAPI document and its UI at /docs. Unset: on only where the development conveniences are (decision 070).',
    ),
  ALLOW_SANDBOX_IN_PRODUCTION: booleanFromEnv
    .default(false)
    .describe(
      'Lets NODE_ENV=production run sandbox parties, for a shared demo or staging (decision 020); its sandbox pages then open only to a signed-in operator (decision 127).',
    ),
})

/**
 * The conveniences a setting only defaults to are on where `allowed` (development, no real party); set on purpose
 * beside a real party they are refused later, whatever NODE_ENV says (decision 070).
 */
export function readDevelopment(env: z.output<typeof DevelopmentEnv>, allowed: boolean) {
  return {
    /** The /test controls (server clock): development and tests with no real party (decision 070). */
    testControls: env.TEST_CONTROLS ?? allowed,
    apiDocs: env.API_DOCS ?? allowed,
    allowSandboxInProduction: env.ALLOW_SANDBOX_IN_PRODUCTION,
  }
}
