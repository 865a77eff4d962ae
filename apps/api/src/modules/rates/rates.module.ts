import type { RatesProvider } from '../../providers/rates/rates.provider'
import { type Core, type ModuleParts, recurringJob } from '../module-kit'
import { ratesRoutes } from './rates.routes'
import { createRatesService } from './rates.service'

/** Stored prices, refreshed by a recurring job (decision 011). */
export function ratesModule({ config, db, clock, trading, log }: Core, provider: RatesProvider) {
  const rates = createRatesService({
    db,
    clock,
    provider,
    trading,
    maxAgeSeconds: config.rates.maxAgeSeconds,
    quoteTtlSeconds: config.quoteTtlSeconds,
    log,
  })
  const parts: ModuleParts = {
    routes: [{ scope: 'public', routes: ratesRoutes({ rates }) }],
    jobs: [recurringJob('refresh-rates', config.rates.refreshSeconds, 30, rates.refreshRates)],
  }
  return { rates, parts }
}
