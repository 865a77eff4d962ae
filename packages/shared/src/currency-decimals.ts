// The coins and the decimals of amounts, without zod: the web's formatters load this alone (decision 130);
// currencies.ts re-exports them with the schemas.

export const CRYPTO_CURRENCIES = ['btc', 'eth', 'usdt', 'usdc', 'xrp', 'trx', 'dot', 'eos', 'ada', 'avax'] as const

/** Decimals of every fiat amount (a cent). */
export const FIAT_DECIMALS = 2

/** Decimals an amount of each coin is kept and shown with (the network's own precision, capped at 8). */
export const CRYPTO_DECIMALS: Record<(typeof CRYPTO_CURRENCIES)[number], number> = {
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
