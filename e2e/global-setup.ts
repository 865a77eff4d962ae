import type {} from 'vitest'
import type { TestProject } from 'vitest/node'
import { BUYING_JOURNEYS_SKIP_STEPS, startAppServer } from './support/app-server'
import type { Operator } from './support/operator'
import { startBrowserServer } from './support/browser'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the built app under test listens. */
    baseUrl: string
    /** Its first admin (every role), made with `npm run operator -- create-admin` (decision 127). */
    operator: Operator
    /** A second operator of every role, who approves what the first asks for (four eyes, decision 132). */
    secondOperator: Operator
  }
}

/**
 * Starts the app the journeys share (`startAppServer`; a journey that needs other settings starts its own) and the one
 * Chromium they all connect to.
 */
export default async function setup(project: TestProject) {
  const browser = await startBrowserServer()
  project.provide('browserEndpoint', browser.wsEndpoint())
  const app = await startAppServer({
    env: {
      // The default brand's customers are all UK. The journeys that are not about the UK steps buy without them, so that
      // each does not walk the warning, statement and assessment and move the server clock 24 hours (which this shared
      // app's other journeys would feel: quotes and orders run on that clock). The UK journey (uk.e2e.ts) starts an app
      // of its own that asks every step (decision 043); source of funds is asked here (decision 038). The customer
      // agreement is signed in its own journeys (agreement.e2e.ts, uk.e2e.ts); the journeys about buying and paying skip
      // it here rather than each signing through the sandbox (decision 044).
      JOURNEY_SKIP_STEPS: BUYING_JOURNEYS_SKIP_STEPS,
    },
  })
  project.provide('baseUrl', app.baseUrl)
  project.provide('operator', app.operator)
  project.provide('secondOperator', app.secondOperator)
  // Graceful shutdown: SIGTERM finishes requests in flight, closes the database and exits 0.
  return async () => {
    await app.stop()
    await browser.close()
  }
}
