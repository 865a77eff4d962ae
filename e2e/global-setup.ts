import type {} from 'vitest'
import type { TestProject } from 'vitest/node'
import { startAppServer } from './support/app-server'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the built app under test listens. */
    baseUrl: string
  }
}

/** Starts the app the journeys share (`startAppServer`); a journey that needs other settings starts its own. */
export default async function setup(project: TestProject) {
  const app = await startAppServer({
    env: {
      // The UK screens (prk, prst, prquest, the cooling-off) come next; until then the default brand's customers, all UK,
      // buy without the UK steps (decision 041). The api tests walk those steps; source of funds is asked (decision 038).
      // The customer agreement is signed in its own journey (agreement.e2e.ts, on an app of its own that asks it); the
      // journeys about buying and paying skip it here rather than each signing through the sandbox (decision 044).
      JOURNEY_SKIP_STEPS: 'uk_risk_warning,uk_categorisation,uk_appropriateness,uk_cooling_off,agreement',
    },
  })
  project.provide('baseUrl', app.baseUrl)
  // Graceful shutdown: SIGTERM finishes requests in flight, closes the database and exits 0.
  return () => app.stop()
}
