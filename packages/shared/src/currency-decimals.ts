import type { CryptoCurrency } from './currencies'

/** Decimals of every fiat amount (a cent). */
export const FIAT_DECIMALS = 2

/** Decimals an amount of each coin is kept and shown with (the network's own precision, capped at 8). */
export const CRYPTO_DECIMALS: Record<CryptoCurrency, number> = {
  btc: 8,
  eth: 8,
  usdt: 6,
  usdc: 6,
  xrp: 6,
  trx: 6,
  dot: 8,
  eos: 4,
  ada: 6,
  avax: 8,
}
