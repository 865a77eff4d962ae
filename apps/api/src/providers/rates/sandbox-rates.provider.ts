import { randomInt } from 'node:crypto'
import { CRYPTO_CURRENCIES, FIAT_CURRENCIES } from '@exchange/shared/currencies'
import { compareAmounts, multiplyAmounts, scaleByBps } from '@exchange/shared/money'
import type { TradingConfig } from '../../trading'
import type { MidPrice, RatesProvider } from './rates.provider'

const STEP_BPS = 15
const BAND_BPS = 500
const DECIMALS = 8

/**
 * Test environment: prices take a small random walk (at most 0.15 % a step) and stay within 5 % of the
 * configured reference prices. Marked simulated, so the web says so wherever it shows them.
 */
export function createSandboxRatesProvider(
  reference: TradingConfig['sandboxReference'],
  random: (min: number, max: number) => number = randomInt,
): RatesProvider {
  const usd = new Map(CRYPTO_CURRENCIES.map((coin) => [coin, reference.usdPrices[coin]!]))
  let shiftedBps = 0

  function step(coin: (typeof CRYPTO_CURRENCIES)[number]) {
    const base = scaleByBps(reference.usdPrices[coin]!, shiftedBps, DECIMALS)
    let next = scaleByBps(usd.get(coin)!, random(-STEP_BPS, STEP_BPS + 1), DECIMALS)
    const low = scaleByBps(base, -BAND_BPS, DECIMALS)
    const high = scaleByBps(base, BAND_BPS, DECIMALS)
    if (compareAmounts(next, low) < 0) next = low
    if (compareAmounts(next, high) > 0) next = high
    usd.set(coin, next)
  }

  return {
    source: 'sandbox',
    simulated: true,
    shift(bps) {
      shiftedBps += bps
      for (const coin of CRYPTO_CURRENCIES) usd.set(coin, scaleByBps(usd.get(coin)!, bps, DECIMALS))
    },
    async fetchMidPrices() {
      const prices: MidPrice[] = []
      for (const crypto of CRYPTO_CURRENCIES) {
        step(crypto)
        for (const fiat of FIAT_CURRENCIES) {
          prices.push({
            crypto,
            fiat,
            mid: multiplyAmounts(usd.get(crypto)!, reference.fiatPerUsd[fiat] ?? '1', DECIMALS),
          })
        }
      }
      return prices
    },
  }
}
