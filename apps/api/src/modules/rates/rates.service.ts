import { CRYPTO_DECIMALS, type CryptoCurrency, FIAT_DECIMALS } from '@exchange/shared/currencies'
import { currentRates, priceFor } from './prices'
import type { RatesServiceDeps } from './rates-deps'
import { refreshRates } from './refresh-rates'
import { createStoredRates } from './stored-rates'

export type { RatesServiceDeps }

export type RatesService = ReturnType<typeof createRatesService>

export function createRatesService(deps: RatesServiceDeps) {
  const parts = { ...deps, stored: createStoredRates(deps), answer: {} }
  return {
    refreshRates: refreshRates.bind(null, parts),
    currentRates: currentRates.bind(null, parts),
    priceFor: priceFor.bind(null, parts),
    decimalsOf: (crypto: CryptoCurrency) => ({ fiat: FIAT_DECIMALS, crypto: CRYPTO_DECIMALS[crypto] }),
  }
}
