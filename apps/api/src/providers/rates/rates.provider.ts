import type { CryptoCurrency, FiatCurrency } from '@exchange/shared/currencies'

export interface MidPrice {
  crypto: CryptoCurrency
  fiat: FiatCurrency
  /** Mid-market price of one coin in the fiat, as a decimal string. */
  mid: string
}

/** A source of mid prices for every pair. Only the rates job calls it; requests read stored prices. */
export interface RatesProvider {
  readonly source: string
  /** Simulated prices are labelled as such wherever they are shown. */
  readonly simulated: boolean
  fetchMidPrices(): Promise<MidPrice[]>
  /**
   * Sandbox only, for the test controls: moves every price (and the band it walks in) by `bps`, so that a journey can
   * show what a price that moved does (a late transfer beyond the re-price tolerance, decision 049).
   */
  shift?(bps: number): void
}
