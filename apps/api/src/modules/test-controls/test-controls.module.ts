import type { RatesProvider } from '../../providers/rates/rates.provider'
import type { Core, ModuleParts } from '../module-kit'
import { testControlRoutes } from './test-controls.routes'

/** With the test controls, the e2e journeys can move the server clock forward (the UK cooling-off, decision 041). */
export function testControlsModule(
  { movableClock }: Core,
  needs: { ratesProvider: RatesProvider; refreshRates: () => Promise<boolean> },
): { parts: ModuleParts } {
  if (!movableClock) return { parts: {} }
  const routes = testControlRoutes({ clock: movableClock, ...needs })
  return { parts: { routes: [{ scope: 'root', prefix: '/test', routes }] } }
}
