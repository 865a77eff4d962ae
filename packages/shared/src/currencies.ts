import { z } from 'zod'
import { CRYPTO_CURRENCIES } from './currency-decimals'

export const FIAT_CURRENCIES = ['eur', 'chf', 'gbp', 'usd'] as const
export const FiatCurrency = z.enum(FIAT_CURRENCIES)
export type FiatCurrency = z.infer<typeof FiatCurrency>

export const CryptoCurrency = z.enum(CRYPTO_CURRENCIES)
export type CryptoCurrency = z.infer<typeof CryptoCurrency>

// The coins and decimals live in a module without zod, so that the web's formatters load none (decision 130).
export { CRYPTO_CURRENCIES }
export { CRYPTO_DECIMALS, FIAT_DECIMALS } from './currency-decimals'

export const FIAT_NAMES: Record<FiatCurrency, string> = {
  eur: 'Euro',
  chf: 'Swiss franc',
  gbp: 'British pound',
  usd: 'US dollar',
}

export const CRYPTO_NAMES: Record<CryptoCurrency, string> = {
  btc: 'Bitcoin',
  eth: 'Ethereum',
  usdt: 'Tether',
  usdc: 'USD Coin',
  xrp: 'XRP',
  trx: 'TRON',
  dot: 'Polkadot',
  eos: 'EOS',
  ada: 'Cardano',
  avax: 'Avalanche',
}

/** One tradable pair: the crypto bought (base) with the fiat paid (quote), e.g. `btc_eur`. */
export const AssetId = z
  .string()
  .regex(new RegExp(`^(${CRYPTO_CURRENCIES.join('|')})_(${FIAT_CURRENCIES.join('|')})$`), 'Unknown asset')
export type AssetId = `${CryptoCurrency}_${FiatCurrency}`

export function assetIdOf(crypto: CryptoCurrency, fiat: FiatCurrency): AssetId {
  return `${crypto}_${fiat}`
}

export function parseAssetId(assetId: string): { crypto: CryptoCurrency; fiat: FiatCurrency } | undefined {
  const [crypto, fiat] = assetId.split('_')
  const c = CryptoCurrency.safeParse(crypto)
  const f = FiatCurrency.safeParse(fiat)
  return c.success && f.success ? { crypto: c.data, fiat: f.data } : undefined
}
